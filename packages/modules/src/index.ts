export {
  loadModules,
  parseDescriptor,
  DESCRIPTOR_FILE,
  notifyingProducers,
  consumersOf,
  chooseModules,
} from './load';
