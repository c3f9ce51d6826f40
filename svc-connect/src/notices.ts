import { makeNotice } from '@platform/event-bus';
import type { Translated } from '@platform/contracts';

/**
 * svc-connect's notices in every language the platform speaks; the platform inbox (svc-identity: the bell
 * in the navbar, `/notifications`, e-mail) stores and mails them. Connect keeps no inbox of its own.
 */
const TEXTS = {
  requestReceived: (name: string): Translated => ({
    en: `${name} wants to connect with you`,
    sw: `${name} anataka kuungana nawe`,
    fr: `${name} souhaite se connecter avec vous`,
  }),
  requestAccepted: (name: string): Translated => ({
    en: `${name} accepted your connection request`,
    sw: `${name} amekubali ombi lako la kuungana`,
    fr: `${name} a accepté votre demande de connexion`,
  }),
  reply: (name: string, title: string): Translated => ({
    en: `${name} replied to your discussion: ${title}`,
    sw: `${name} amejibu mjadala wako: ${title}`,
    fr: `${name} a répondu à votre discussion : ${title}`,
  }),
  like: (name: string, title: string): Translated => ({
    en: `${name} liked your discussion: ${title}`,
    sw: `${name} amependa mjadala wako: ${title}`,
    fr: `${name} a aimé votre discussion : ${title}`,
  }),
};

const NETWORK = '/connect/network';
const discussionLink = (id: string) => `/connect/discussions/${id}`;
const excerpt = (text: string) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 140 ? `${t.slice(0, 137)}...` : t;
};

/** Someone asked to connect: the recipient hears at once (they answer from the notice). */
export const requestReceivedNotice = (toId: string, fromName: string) =>
  makeNotice('connect', {
    userId: toId,
    kind: 'connect.request-received',
    title: TEXTS.requestReceived(fromName),
    link: NETWORK,
    email: 'now',
  });

/** The request was accepted: the sender hears at once; both now see each other's contact details. */
export const requestAcceptedNotice = (fromId: string, accepterName: string) =>
  makeNotice('connect', {
    userId: fromId,
    kind: 'connect.request-accepted',
    title: TEXTS.requestAccepted(accepterName),
    link: NETWORK,
    email: 'now',
  });

/** A reply to one's discussion: in the inbox, and in the daily e-mail digest. */
export const replyNotice = (
  authorId: string,
  replierName: string,
  title: string,
  discussionId: string,
  reply: string,
) =>
  makeNotice('connect', {
    userId: authorId,
    kind: 'connect.reply-posted',
    title: TEXTS.reply(replierName, title),
    body: excerpt(reply),
    link: discussionLink(discussionId),
    email: 'digest',
  });

/** A like: in the inbox only (never an e-mail), and only the first time a person likes it. */
export const likeNotice = (authorId: string, likerName: string, title: string, discussionId: string) =>
  makeNotice('connect', {
    userId: authorId,
    kind: 'connect.discussion-liked',
    title: TEXTS.like(likerName, title),
    link: discussionLink(discussionId),
    email: 'none',
  });
