// The phone rules live in the contract: the checkout screen checks a number the same way before sending it.
export { nationalNumber, normaliseKenyanPhone } from '../../contract/phone';
