export { loadModules, parseDescriptor, DESCRIPTOR_FILE, notifyingProducers, consumersOf } from './load';
