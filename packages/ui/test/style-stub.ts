// Stylesheets are webpack's business; component tests import them as nothing.
export default {};
