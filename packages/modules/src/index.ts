export { loadModules, parseDescriptor, DESCRIPTOR_FILE } from './load';
