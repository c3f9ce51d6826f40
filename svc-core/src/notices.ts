import { makeNotice } from '@platform/event-bus';
import type { Translated } from '@platform/contracts';
import type { Milestone } from './domain/alert-schedule';
import type { WorkflowTrigger } from '../contract';

/**
 * svc-core's notices in every language the platform speaks; the platform inbox (svc-identity: the bell,
 * `/notifications`, e-mail) stores and mails them. Core keeps no inbox of its own.
 */
function alertTitle(milestone: Milestone, council: string, holder: string, own: boolean): Translated {
  const whose = {
    en: own ? 'Your' : `${holder}'s`,
    sw: own ? 'Leseni yako ya' : `Leseni ya ${holder} ya`,
    fr: own ? "Votre autorisation d'exercer" : `L'autorisation d'exercer de ${holder}`,
  };
  switch (milestone) {
    case 'expires-today':
      return {
        en: `${whose.en} ${council} licence expires today`,
        sw: `${whose.sw} ${council} inaisha leo`,
        fr: `${whose.fr} ${council} expire aujourd'hui`,
      };
    case 'expired':
      return {
        en: `${whose.en} ${council} licence has expired: not cleared to practise`,
        sw: `${whose.sw} ${council} imeisha: hairuhusiwi kutoa huduma`,
        fr: `${whose.fr} ${council} a expiré : pas autorisé(e) à exercer`,
      };
    default: {
      const days = milestone.replace('days-', '');
      return {
        en: `${whose.en} ${council} licence expires in ${days} days`,
        sw: `${whose.sw} ${council} inaisha baada ya siku ${days}`,
        fr: `${whose.fr} ${council} expire dans ${days} jours`,
      };
    }
  }
}

/**
 * A licence alert, to its holder (`own`) or to HR; in the inbox and by e-mail at once, and to the holder's
 * phone by SMS where the platform has an SMS provider (a nurse sees a text before she opens her e-mail).
 */
export const licenceAlertNotice = (
  userId: string,
  milestone: Milestone,
  council: string,
  holder: string,
  own: boolean,
  staffId: string | null,
) =>
  makeNotice('core', {
    userId,
    kind: `core.licence-${milestone}`,
    title: alertTitle(milestone, council, holder, own),
    link: own || !staffId ? '/hr/me' : `/hr/staff/${staffId}`,
    email: 'now',
    sms: own,
  });

/** A policy to read and acknowledge: when a version is published, and when HR reminds those pending. */
export const policyNotice = (userId: string, policyId: string, title: string, reminder: boolean) =>
  makeNotice('core', {
    userId,
    kind: reminder ? 'core.policy-reminder' : 'core.policy-published',
    title: reminder
      ? {
          en: `Reminder: please read and acknowledge "${title}"`,
          sw: `Kumbusho: tafadhali soma na ukubali "${title}"`,
          fr: `Rappel : veuillez lire et accepter « ${title} »`,
        }
      : {
          en: `A policy to read and acknowledge: "${title}"`,
          sw: `Sera ya kusoma na kukubali: "${title}"`,
          fr: `Une politique à lire et accepter : « ${title} »`,
        },
    link: `/hr/me#policy-${policyId}`,
    email: reminder ? 'now' : 'digest',
  });

/** A compliance document's alert title: `name` is its type's, `number` as printed on it. */
function documentAlertTitle(milestone: Milestone, name: Translated, number: string): Translated {
  const of = { en: `${name.en} ${number}`, sw: `${name.sw} ${number}`, fr: `${name.fr} ${number}` };
  switch (milestone) {
    case 'expires-today':
      return {
        en: `${of.en} expires today`,
        sw: `Muda wa ${of.sw} unaisha leo`,
        fr: `${of.fr} : expire aujourd'hui`,
      };
    case 'expired':
      return {
        en: `${of.en} has expired`,
        sw: `Muda wa ${of.sw} umekwisha`,
        fr: `${of.fr} : a expiré`,
      };
    default: {
      const days = milestone.replace('days-', '');
      return {
        en: `${of.en} expires in ${days} days`,
        sw: `Muda wa ${of.sw} unaisha baada ya siku ${days}`,
        fr: `${of.fr} : expire dans ${days} jours`,
      };
    }
  }
}

/**
 * An alert about one of the organisation's own documents, to one of its HR: in the inbox, by e-mail and by
 * SMS where the platform sends SMS (a lapsed facility licence or insurance stops the clinic, and nobody
 * else will be told: the document has no holder to text).
 */
export const documentAlertNotice = (userId: string, milestone: Milestone, name: Translated, number: string) =>
  makeNotice('core', {
    userId,
    kind: `core.compliance-${milestone}`,
    title: documentAlertTitle(milestone, name, number),
    link: '/hr/compliance',
    email: 'now',
    sms: true,
  });

/** A training's alert title, to its holder (`own`) or to HR. */
function trainingAlertTitle(
  milestone: Milestone,
  training: string,
  holder: string,
  own: boolean,
): Translated {
  const whose = {
    en: own ? `Your ${training} training` : `${holder}'s ${training} training`,
    sw: own ? `Mafunzo yako ya ${training}` : `Mafunzo ya ${training} ya ${holder}`,
    fr: own ? `Votre formation ${training}` : `La formation ${training} de ${holder}`,
  };
  switch (milestone) {
    case 'expires-today':
      return {
        en: `${whose.en} expires today`,
        sw: `${whose.sw} yanaisha leo`,
        fr: `${whose.fr} expire aujourd'hui`,
      };
    case 'expired':
      return {
        en: `${whose.en} has expired`,
        sw: `${whose.sw} yamekwisha muda`,
        fr: `${whose.fr} a expiré`,
      };
    default: {
      const days = milestone.replace('days-', '');
      return {
        en: `${whose.en} expires in ${days} days`,
        sw: `${whose.sw} yanaisha baada ya siku ${days}`,
        fr: `${whose.fr} expire dans ${days} jours`,
      };
    }
  }
}

/**
 * A training's expiry alert, to its holder (`own`) or to HR; in the inbox and by e-mail at once, and to the
 * holder's phone by SMS, as a licence's (HR reads the inbox; the holder is the one who must book the course).
 */
export const trainingAlertNotice = (
  userId: string,
  milestone: Milestone,
  training: string,
  holder: string,
  own: boolean,
) =>
  makeNotice('core', {
    userId,
    kind: `core.training-${milestone}`,
    title: trainingAlertTitle(milestone, training, holder, own),
    link: own ? '/hr/me' : '/hr/trainings',
    email: 'now',
    sms: own,
  });

/** A leave request's days, as the notices write them. */
const span = (from: string, to: string) => (from === to ? from : `${from} – ${to}`);

/** To the person: their manager or HR approved or declined their leave (with the reason given). */
export const leaveDecidedNotice = (
  userId: string,
  approved: boolean,
  type: Translated,
  from: string,
  to: string,
  reason: string | null,
) => {
  const when = span(from, to);
  const why = reason ? `: ${reason}` : '';
  return makeNotice('core', {
    userId,
    kind: approved ? 'core.leave-approved' : 'core.leave-declined',
    title: approved
      ? {
          en: `Your ${type.en.toLowerCase()} (${when}) was approved${why}`,
          sw: `${type.sw} yako (${when}) imeidhinishwa${why}`,
          fr: `Votre ${type.fr.toLowerCase()} (${when}) est approuvé${why}`,
        }
      : {
          en: `Your ${type.en.toLowerCase()} (${when}) was declined${why}`,
          sw: `${type.sw} yako (${when}) imekataliwa${why}`,
          fr: `Votre ${type.fr.toLowerCase()} (${when}) est refusé${why}`,
        },
    link: '/hr/leave',
    email: 'now',
  });
};

/** To those who decide (the person's managers, else HR): a request waits for them. */
export const leaveRequestedNotice = (
  userId: string,
  person: string,
  type: Translated,
  from: string,
  to: string,
) => {
  const when = span(from, to);
  return makeNotice('core', {
    userId,
    kind: 'core.leave-requested',
    title: {
      en: `${person} asks for ${type.en.toLowerCase()} (${when})`,
      sw: `${person} anaomba ${type.sw.toLowerCase()} (${when})`,
      fr: `${person} demande un ${type.fr.toLowerCase()} (${when})`,
    },
    link: '/hr/leave',
    email: 'digest',
  });
};

/** To those who decide: the document a request waited for (a sick note) is attached, so it can be decided. */
export const leaveDocumentNotice = (
  userId: string,
  person: string,
  type: Translated,
  from: string,
  to: string,
) => {
  const when = span(from, to);
  return makeNotice('core', {
    userId,
    kind: 'core.leave-document-attached',
    title: {
      en: `The document for ${person}'s ${type.en.toLowerCase()} (${when}) is attached`,
      sw: `Hati ya ${type.sw.toLowerCase()} ya ${person} (${when}) imeambatishwa`,
      fr: `Le justificatif du ${type.fr.toLowerCase()} de ${person} (${when}) est joint`,
    },
    link: '/hr/leave',
    email: 'digest',
  });
};

/** To each person on a roster when it is published: how many shifts, where and when. */
export const rosterPublishedNotice = (
  userId: string,
  department: string,
  from: string,
  to: string,
  shifts: number,
) =>
  makeNotice('core', {
    userId,
    kind: 'core.roster-published',
    title: {
      en: `Your roster for ${department} (${span(from, to)}): ${shifts} ${shifts === 1 ? 'shift' : 'shifts'}`,
      sw: `Ratiba yako ya ${department} (${span(from, to)}): zamu ${shifts}`,
      fr: `Votre planning pour ${department} (${span(from, to)}) : ${shifts} ${shifts === 1 ? 'garde' : 'gardes'}`,
    },
    link: '/hr/rosters',
    email: 'now',
  });

/** To the person: a contract waits for their signature. */
export const contractToSignNotice = (userId: string, contractId: string, title: string) =>
  makeNotice('core', {
    userId,
    kind: 'core.contract-to-sign',
    title: {
      en: `A contract to read and sign: "${title}"`,
      sw: `Mkataba wa kusoma na kusaini: "${title}"`,
      fr: `Un contrat à lire et signer : « ${title} »`,
    },
    link: `/hr/contracts/mine#contract-${contractId}`,
    email: 'now',
  });

/**
 * A one-time code to sign a contract, to the one who asked: by e-mail at once, and by SMS where the platform
 * has an SMS provider. Good for 15 minutes.
 */
export const contractCodeNotice = (userId: string, contractId: string, title: string, code: string) =>
  makeNotice('core', {
    userId,
    kind: 'core.contract-code',
    title: {
      en: `Your code to sign "${title}": ${code} (valid 15 minutes)`,
      sw: `Nambari yako ya kusaini "${title}": ${code} (inatumika dakika 15)`,
      fr: `Votre code pour signer « ${title} » : ${code} (valable 15 minutes)`,
    },
    link: `/hr/contracts/mine#contract-${contractId}`,
    email: 'now',
    sms: true,
  });

/** To each who signed: both sides have signed; the signed PDF is ready. */
export const contractSignedNotice = (userId: string, contractId: string, title: string) =>
  makeNotice('core', {
    userId,
    kind: 'core.contract-signed',
    title: {
      en: `"${title}" is signed by both sides`,
      sw: `"${title}" umesainiwa na pande zote mbili`,
      fr: `« ${title} » est signé par les deux parties`,
    },
    link: `/hr/contracts/mine#contract-${contractId}`,
    email: 'now',
  });

/** A fixed-term contract's end, to the person (`own`) or to HR: a renewal, or a last day, to arrange. */
function contractEndTitle(milestone: Milestone, title: string, holder: string, own: boolean): Translated {
  const whose = {
    en: own ? `Your contract "${title}"` : `${holder}'s contract "${title}"`,
    sw: own ? `Mkataba wako "${title}"` : `Mkataba wa ${holder} "${title}"`,
    fr: own ? `Votre contrat « ${title} »` : `Le contrat « ${title} » de ${holder}`,
  };
  switch (milestone) {
    case 'expires-today':
      return {
        en: `${whose.en} ends today`,
        sw: `${whose.sw} unaisha leo`,
        fr: `${whose.fr} prend fin aujourd'hui`,
      };
    case 'expired':
      return { en: `${whose.en} has ended`, sw: `${whose.sw} umekwisha`, fr: `${whose.fr} a pris fin` };
    default: {
      const days = milestone.replace('days-', '');
      return {
        en: `${whose.en} ends in ${days} days`,
        sw: `${whose.sw} unaisha baada ya siku ${days}`,
        fr: `${whose.fr} prend fin dans ${days} jours`,
      };
    }
  }
}

/** A fixed-term contract's end reminder, to the person (`own`) or to HR; in the inbox and by e-mail at once. */
export const contractEndNotice = (
  userId: string,
  contractId: string,
  milestone: Milestone,
  title: string,
  holder: string,
  own: boolean,
) =>
  makeNotice('core', {
    userId,
    kind: `core.contract-end-${milestone}`,
    title: contractEndTitle(milestone, title, holder, own),
    link: own ? `/hr/contracts/mine#contract-${contractId}` : '/hr/contracts',
    email: 'now',
  });

/** To each member of the departments a pulse survey is sent to: a few anonymous questions until a day. */
export const surveySentNotice = (userId: string, title: string, closesOn: string) =>
  makeNotice('core', {
    userId,
    kind: 'core.wellness-survey',
    title: {
      en: `A short anonymous survey: "${title}" (open until ${closesOn})`,
      sw: `Utafiti mfupi bila jina: "${title}" (wazi hadi ${closesOn})`,
      fr: `Un court sondage anonyme : « ${title} » (ouvert jusqu'au ${closesOn})`,
    },
    link: '/userdashboard#wellness',
    email: 'digest',
  });

/** A shift as the swap notices write it: its name and day (`Night, 2026-03-04`). */
const shiftOn = (shift: string, day: string) => `${shift}, ${day}`;

/** To the person who offered a shift: a colleague took it; the manager decides next. */
export const swapTakenNotice = (userId: string, taker: string, shift: string, day: string) =>
  makeNotice('core', {
    userId,
    kind: 'core.swap-taken',
    title: {
      en: `${taker} will take your shift (${shiftOn(shift, day)}) once the manager approves`,
      sw: `${taker} atachukua zamu yako (${shiftOn(shift, day)}) msimamizi akiidhinisha`,
      fr: `${taker} prendra votre garde (${shiftOn(shift, day)}) dès que le responsable l'approuve`,
    },
    link: '/hr/swaps',
    email: 'now',
  });

/** To those who decide (the department's managers, else HR): a swap waits for them. */
export const swapToDecideNotice = (
  userId: string,
  taker: string,
  offerer: string,
  shift: string,
  day: string,
) =>
  makeNotice('core', {
    userId,
    kind: 'core.swap-to-decide',
    title: {
      en: `${taker} asks to take ${offerer}'s shift (${shiftOn(shift, day)})`,
      sw: `${taker} anaomba kuchukua zamu ya ${offerer} (${shiftOn(shift, day)})`,
      fr: `${taker} demande à prendre la garde de ${offerer} (${shiftOn(shift, day)})`,
    },
    link: '/hr/swaps',
    email: 'now',
  });

/** To both parties: the manager approved (the shift is the taker's) or declined (with the reason). */
export const swapDecidedNotice = (
  userId: string,
  approved: boolean,
  taker: boolean,
  shift: string,
  day: string,
  reason: string | null,
) => {
  const on = shiftOn(shift, day);
  const why = reason ? `: ${reason}` : '';
  return makeNotice('core', {
    userId,
    kind: approved ? 'core.swap-approved' : 'core.swap-declined',
    title: approved
      ? taker
        ? {
            en: `The swap was approved: the shift (${on}) is yours${why}`,
            sw: `Ubadilishaji umeidhinishwa: zamu (${on}) ni yako${why}`,
            fr: `L'échange est approuvé : la garde (${on}) est la vôtre${why}`,
          }
        : {
            en: `The swap was approved: your shift (${on}) is no longer yours${why}`,
            sw: `Ubadilishaji umeidhinishwa: zamu yako (${on}) si yako tena${why}`,
            fr: `L'échange est approuvé : votre garde (${on}) n'est plus la vôtre${why}`,
          }
      : {
          en: `The swap of the shift (${on}) was declined${why}`,
          sw: `Ubadilishaji wa zamu (${on}) umekataliwa${why}`,
          fr: `L'échange de la garde (${on}) est refusé${why}`,
        },
    link: '/hr/swaps',
    email: 'now',
  });
};

/** To the colleague who took an offer: the person withdrew it before the manager decided. */
export const swapWithdrawnNotice = (userId: string, offerer: string, shift: string, day: string) =>
  makeNotice('core', {
    userId,
    kind: 'core.swap-withdrawn',
    title: {
      en: `${offerer} withdrew the shift (${shiftOn(shift, day)}) you took`,
      sw: `${offerer} ameghairi zamu (${shiftOn(shift, day)}) uliyochukua`,
      fr: `${offerer} a retiré la garde (${shiftOn(shift, day)}) que vous aviez prise`,
    },
    link: '/hr/swaps',
    email: 'now',
  });

/** What fired a workflow, said of its person (`who`), in every language. */
const triggerPhrase = (trigger: WorkflowTrigger, who: string): Translated => {
  switch (trigger) {
    case 'person-joined':
      return { en: `${who} joined`, sw: `${who} amejiunga`, fr: `${who} a rejoint l'équipe` };
    case 'credential-expiring':
      return {
        en: `${who}'s licence expires within 30 days`,
        sw: `Leseni ya ${who} inaisha ndani ya siku 30`,
        fr: `L'autorisation d'exercer de ${who} expire dans moins de 30 jours`,
      };
    case 'leave-approved':
      return {
        en: `${who}'s leave was approved`,
        sw: `Likizo ya ${who} imeidhinishwa`,
        fr: `Le congé de ${who} a été approuvé`,
      };
    case 'contract-signed':
      return {
        en: `${who}'s contract was signed`,
        sw: `Mkataba wa ${who} umesainiwa`,
        fr: `Le contrat de ${who} a été signé`,
      };
    case 'probation-ending':
      return {
        en: `${who}'s probation ends within 14 days`,
        sw: `Kipindi cha majaribio cha ${who} kinaisha ndani ya siku 14`,
        fr: `La période d'essai de ${who} se termine dans moins de 14 jours`,
      };
  }
};

/** A workflow's "notify" action: what happened, named by the workflow. */
export const workflowNotice = (userId: string, workflow: string, trigger: WorkflowTrigger, who: string) => {
  const what = triggerPhrase(trigger, who);
  return makeNotice('core', {
    userId,
    kind: 'core.workflow-notice',
    title: { en: `${workflow}: ${what.en}`, sw: `${workflow}: ${what.sw}`, fr: `${workflow} : ${what.fr}` },
    link: '/hr',
    email: 'digest',
  });
};

/** A workflow's checklist gave the person tasks (about `who`). */
export const workflowTasksNotice = (userId: string, workflow: string, count: number, who: string) =>
  makeNotice('core', {
    userId,
    kind: 'core.workflow-tasks',
    title: {
      en: `${workflow}: ${count} ${count === 1 ? 'task' : 'tasks'} for you about ${who}`,
      sw: `${workflow}: kazi ${count} zako kuhusu ${who}`,
      fr: `${workflow} : ${count} ${count === 1 ? 'tâche' : 'tâches'} pour vous au sujet de ${who}`,
    },
    link: '/hr/workflows#my-tasks',
    email: 'digest',
  });
