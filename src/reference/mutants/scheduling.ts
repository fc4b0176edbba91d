import { family } from './types.js';

/**
 * Mutants of scheduling (1.1.0+): the scheduling part of POST /api/events and POST /api/events/{id}, conflicts,
 * GET/PUT /api/events/{id}/scheduling and allowConflict (1.2.0+). Each is a bug an implementer could make.
 */
export const SCHEDULING_MUTANTS = family({
  'rrule-until-ignored': {
    rule: 'events.create.rrule',
    description: 'The rule\'s own UNTIL is ignored: the occurrences run to the end of the period (the reference server\'s own bug until this session).',
    since: '1.1.0',
  },
  'schedule-end-ignored': {
    rule: 'events.create.schedule-single',
    description: 'A single schedule given with start and end ignores the end and lasts a default hour.',
    since: '1.1.0',
  },
  'schedule-duration-ignored': {
    rule: 'events.create.schedule-duration',
    description: 'A single schedule given with start and duration ignores the duration: the event ends when it starts.',
    since: '1.1.0',
  },
  'schedule-neither-accepted': {
    rule: 'events.create.schedule-end-or-duration',
    description: 'A single schedule with neither end nor duration is accepted with a default hour instead of 400.',
    since: '1.1.0',
  },
  'schedule-both-accepted': {
    rule: 'events.create.schedule-both',
    description: 'A schedule with both end and duration is accepted (duration wins) instead of 400, as real Opencast does.',
    since: '1.1.0',
  },
  'schedule-agent-optional': {
    rule: 'events.create.schedule-required',
    description: 'A schedule without agent_id is accepted (on an empty agent) instead of 400.',
    since: '1.1.0',
  },
  'rrule-first-only': {
    rule: 'events.create.rrule',
    description: 'An rrule schedule creates only its first occurrence (answered 200 with that one identifier).',
    since: '1.1.0',
  },
  'rrule-201-single': {
    rule: 'events.create.rrule-200',
    description: 'An rrule schedule creates every occurrence but answers like a single creation: 201 with one identifier.',
    since: '1.1.0',
  },
  'rrule-duration-optional': {
    rule: 'events.create.rrule-duration',
    description: 'An rrule schedule without duration is accepted (each occurrence lasts a default hour) instead of 400.',
    since: '1.1.0',
  },
  'create-conflict-ignored': {
    rule: 'events.create.409',
    description: 'Creation does not check for conflicts: an overlapping schedule on the same agent is created (201).',
    since: '1.1.0',
  },
  'create-conflict-same-day': {
    rule: 'events.create.no-conflict',
    description: 'Creation compares days, not times: any event of the agent on the same day is a conflict (409).',
    since: '1.1.0',
  },
  'scheduled-state-running': {
    rule: 'events.create.scheduled-state',
    description: 'A scheduled event reports processing_state RUNNING instead of INSTANTIATED.',
    since: '1.1.0',
  },
  'update-schedule-ignored': {
    rule: 'events.update.schedule',
    description: 'POST /api/events/{id} answers 204 but drops the scheduling part: the schedule stays.',
    since: '1.1.0',
  },
  'update-conflict-ignored': {
    rule: 'events.update.409',
    description: 'POST /api/events/{id} does not check the new schedule for conflicts: it is applied (204).',
    since: '1.1.0',
  },
  'conflict-no-title': {
    rule: 'conflicts.schema',
    description: 'Conflict entries of PUT …/scheduling lack the member title (only start and end).',
    since: '1.1.0',
  },
  'scheduling-get-always-204': {
    rule: 'scheduling.get.status',
    description: 'GET …/scheduling answers 204 for every event, scheduled or not (it tests the wrong field).',
    since: '1.1.0',
  },
  'scheduling-get-agent-camel': {
    rule: 'scheduling.get.schema',
    description: 'GET …/scheduling names the agent member agentId instead of agent_id.',
    since: '1.1.0',
  },
  'scheduling-get-end-shifted': {
    rule: 'scheduling.get.values',
    description: 'GET …/scheduling reports the end one hour late (a time-zone offset applied to the end only).',
    since: '1.1.0',
  },
  'scheduling-get-unscheduled-404': {
    rule: 'scheduling.get.204',
    description: 'GET …/scheduling answers 404 for an event that exists but is not scheduled.',
    since: '1.1.0',
  },
  'scheduling-get-unknown-204': {
    rule: 'scheduling.get.404',
    description: 'GET …/scheduling answers 204 for an event that does not exist (treated as "not scheduled").',
    since: '1.1.0',
  },
  'scheduling-put-200': {
    rule: 'scheduling.put.204',
    description: 'PUT …/scheduling answers 200 with the new scheduling object instead of 204.',
    since: '1.1.0',
  },
  'scheduling-put-ignored': {
    rule: 'scheduling.put.applies',
    description: 'PUT …/scheduling answers 204 but does not store the new schedule.',
    since: '1.1.0',
  },
  'scheduling-put-bad-json-accepted': {
    rule: 'scheduling.put.400',
    description: 'PUT …/scheduling with a scheduling parameter that is not JSON (or none) answers 204 and changes nothing.',
    since: '1.1.0',
  },
  'scheduling-put-unknown-204': {
    rule: 'scheduling.put.404',
    description: 'PUT …/scheduling on an event that does not exist answers 204.',
    since: '1.1.0',
  },
  'scheduling-put-conflict-ignored': {
    rule: 'scheduling.put.409',
    description: 'PUT …/scheduling without allowConflict does not check for conflicts: the overlapping schedule is applied.',
    since: '1.1.0',
  },
  'allow-conflict-ignored': {
    rule: 'scheduling.put.allow-conflict',
    description: 'allowConflict=true is ignored, also for an administrator: the conflict check runs (409).',
    since: '1.2.0',
  },
  'allow-conflict-anyone': {
    rule: 'scheduling.put.allow-conflict-admin-only',
    description: 'allowConflict=true skips the conflict check for any caller with write access, not only administrators.',
    since: '1.2.0',
  },
});
