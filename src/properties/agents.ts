import type { PhaseEnv } from '../cases/phase-env.js';

/** The capture agent base of one property: the stage's agent plus the property's name (never shared). */
export function propertyAgent(env: PhaseEnv, name: string): string {
  return `${env.agent}-${name}`;
}
