/** The fee schedule's reads, for the staff command line and the wiring (./fees-repository.ts). */
export { FeesRepository } from './fees-repository';
