export {
  loadModules,
  parseDescriptor,
  DESCRIPTOR_FILE,
  notifyingProducers,
  auditedProducers,
  consumersOf,
  chooseModules,
  remoteUrlVariable,
} from './load';
