import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../../contracts/notifications';
import { i18n, setLanguage } from '../../../i18n/i18n';
import { anna, ben, cleo, testNotification } from '../notifications-test-data';
import { notificationTarget } from './notification-target';
import { detailOf, notificationSentence, reasonOf, sentenceText } from './notification-text';

const text = (item: Notification) => sentenceText(notificationSentence(item, i18n.t));

const liked = (actorsCount: number) =>
  testNotification(1, { actorsCount, count: actorsCount, actors: [anna, ben, cleo].slice(0, actorsCount) });

describe('notification sentences', () => {
  it('collapses likes and comments into the latest actor and a count, in German', async () => {
    await setLanguage('de', { persist: false });
    expect(text(liked(1))).toBe('Anna Schmidt gefällt Ihr Beitrag „Willkommen“');
    expect(text(liked(2))).toBe('Anna Schmidt und 1 weitere Person gefällt Ihr Beitrag „Willkommen“');
    expect(text(testNotification(1, { actorsCount: 5, count: 7 }))).toBe(
      'Anna Schmidt und 4 weitere gefällt Ihr Beitrag „Willkommen“',
    );
    expect(text(testNotification(1, { type: 'new_comment' }))).toBe(
      'Anna Schmidt hat „Willkommen“ kommentiert',
    );
    expect(text(testNotification(1, { type: 'new_comment', actorsCount: 3, actors: [anna, ben] }))).toBe(
      'Anna Schmidt und 2 weitere haben „Willkommen“ kommentiert',
    );
    expect(text(testNotification(1, { type: 'comment_reply' }))).toBe(
      'Anna Schmidt hat auf Ihren Kommentar zu „Willkommen“ geantwortet',
    );
    expect(text(testNotification(1, { type: 'comment_like', actorsCount: 2, actors: [anna, ben] }))).toBe(
      'Anna Schmidt und 1 weitere Person gefällt Ihr Kommentar zu „Willkommen“',
    );
    expect(text(testNotification(1, { type: 'mention' }))).toBe(
      'Anna Schmidt hat Sie in „Willkommen“ erwähnt',
    );
    expect(text(testNotification(1, { type: 'new_post' }))).toBe(
      'Neuer Beitrag von Anna Schmidt: „Willkommen“',
    );
  });

  it('says the same in English, the verb agreeing with the people', async () => {
    await setLanguage('en', { persist: false });
    expect(text(liked(1))).toBe('Anna Schmidt likes your post “Willkommen”');
    expect(text(liked(2))).toBe('Anna Schmidt and 1 other like your post “Willkommen”');
    expect(text(testNotification(1, { actorsCount: 5 }))).toBe(
      'Anna Schmidt and 4 others like your post “Willkommen”',
    );
    expect(text(testNotification(1, { type: 'new_comment', actorsCount: 3 }))).toBe(
      'Anna Schmidt and 2 others commented on “Willkommen”',
    );
    expect(text(testNotification(1, { type: 'comment_reply' }))).toBe(
      'Anna Schmidt replied to your comment on “Willkommen”',
    );
    expect(text(testNotification(1, { type: 'mention' }))).toBe('Anna Schmidt mentioned you in “Willkommen”');
    expect(text(testNotification(1, { type: 'new_post' }))).toBe('New post by Anna Schmidt: “Willkommen”');
  });

  it('words moderation news with the title kept by the item and the moderator’s reason', async () => {
    await setLanguage('de', { persist: false });
    const rejected = testNotification(1, {
      type: 'post_rejected',
      actors: [],
      actorsCount: 0,
      post: null,
      data: { title: 'Flohmarkt', reason: 'Werbung ist hier nicht erlaubt.' },
    });
    expect(text(rejected)).toBe('Ihr Beitrag „Flohmarkt“ wurde abgelehnt');
    expect(reasonOf(rejected, i18n.t)).toBe('Begründung: Werbung ist hier nicht erlaubt.');
    expect(text(testNotification(1, { type: 'post_approved', actors: [], actorsCount: 0 }))).toBe(
      'Ihr Beitrag „Willkommen“ wurde freigegeben',
    );
    const removed = testNotification(1, {
      type: 'comment_rejected',
      actors: [],
      actorsCount: 0,
      post: null,
      data: { reason: 'Beleidigend' },
    });
    expect(text(removed)).toBe('Ihr Kommentar wurde entfernt');
    expect(reasonOf(removed, i18n.t)).toBe('Begründung: Beleidigend');

    await setLanguage('en', { persist: false });
    expect(text(rejected)).toBe('Your post “Flohmarkt” was rejected');
    expect(reasonOf(rejected, i18n.t)).toBe('Reason: Werbung ist hier nicht erlaubt.');
  });

  it('words new chat messages with the latest writer, the count and the newest message', async () => {
    const chat = (count: number, data: Record<string, string> = {}) =>
      testNotification(1, {
        type: 'chat_message',
        count,
        post: null,
        data: { chatId: 'c1', chatKind: 'group', chatName: 'Wandergruppe', excerpt: 'Bis morgen', ...data },
      });
    const privately = { chatKind: 'private', chatName: '' };
    await setLanguage('de', { persist: false });
    expect(text(chat(1))).toBe('Anna Schmidt hat in „Wandergruppe“ geschrieben');
    expect(text(chat(3))).toBe('3 neue Nachrichten in „Wandergruppe“, zuletzt von Anna Schmidt');
    expect(text(chat(1, privately))).toBe('Anna Schmidt hat Ihnen eine Nachricht geschrieben');
    expect(text(chat(2, privately))).toBe('Anna Schmidt hat Ihnen 2 Nachrichten geschrieben');
    expect(text(chat(2, { chatName: '' }))).toBe(
      '2 neue Nachrichten in einem Chat, zuletzt von Anna Schmidt',
    );
    expect(detailOf(chat(1), i18n.t)).toBe('„Bis morgen“');
    expect(notificationSentence(chat(1), i18n.t)).toEqual([
      { kind: 'actor', text: 'Anna Schmidt' },
      { kind: 'text', text: ' hat in ' },
      { kind: 'post', text: '„Wandergruppe“' },
      { kind: 'text', text: ' geschrieben' },
    ]);
    await setLanguage('en', { persist: false });
    expect(text(chat(1))).toBe('Anna Schmidt wrote in “Wandergruppe”');
    expect(text(chat(3))).toBe('3 new messages in “Wandergruppe”, the latest from Anna Schmidt');
    expect(text(chat(1, privately))).toBe('Anna Schmidt sent you a message');
    expect(text(chat(2, privately))).toBe('Anna Schmidt sent you 2 messages');
    expect(detailOf(chat(1, { excerpt: '' }), i18n.t)).toBeNull();
  });

  it('reads neutrally for a type it does not know, a missing title or a missing actor', async () => {
    await setLanguage('de', { persist: false });
    expect(text(testNotification(1, { type: 'course_finished' }))).toBe('Es gibt Neuigkeiten für Sie');
    expect(text(testNotification(1, { post: null }))).toBe('Anna Schmidt gefällt Ihr Beitrag');
    expect(text(testNotification(1, { actors: [], type: 'new_comment' }))).toBe(
      'Jemand hat „Willkommen“ kommentiert',
    );
    await setLanguage('en', { persist: false });
    expect(text(testNotification(1, { type: 'course_finished' }))).toBe('There is news for you');
  });

  it('sets the actor’s name and the title apart from the words', async () => {
    await setLanguage('de', { persist: false });
    expect(notificationSentence(liked(2), i18n.t)).toEqual([
      { kind: 'actor', text: 'Anna Schmidt' },
      { kind: 'text', text: ' und 1 weitere Person gefällt Ihr Beitrag ' },
      { kind: 'post', text: '„Willkommen“' },
    ]);
  });
});

describe('notification targets', () => {
  it('leads to the post in its space or in the communities, at the comment', () => {
    expect(notificationTarget('akademie', testNotification(1))).toBe(
      '/akademie/groups/g/yoga-am-morgen/p/willkommen-1',
    );
    const comment = testNotification(1, {
      type: 'new_comment',
      commentId: '0190f5a2-7c1e-7b4e-9a55-000000000077',
    });
    expect(notificationTarget('akademie', comment)).toBe(
      '/akademie/groups/g/yoga-am-morgen/p/willkommen-1#comment-0190f5a2-7c1e-7b4e-9a55-000000000077',
    );
    const community = testNotification(2, {
      post: {
        id: comment.post!.id,
        slug: 'fragen',
        name: 'Fragen',
        container: 'communities',
        spaceSlug: null,
      },
    });
    expect(notificationTarget('akademie', community)).toBe('/akademie/communities/p/fragen');
    expect(notificationTarget('akademie', testNotification(3, { post: null }))).toBeNull();
  });

  it('names an event commented on and leads to the comment on its page', () => {
    const onEvent = testNotification(1, {
      type: 'new_comment',
      post: null,
      commentId: '0190f5a2-7c1e-7b4e-9a55-000000000077',
      data: { title: 'Lauftreff', eventId: '0190f5a2-7c1e-7b4e-9a55-000000000066', eventSlug: 'lauftreff' },
    });
    expect(text(onEvent)).toContain('„Lauftreff“');
    expect(notificationTarget('akademie', onEvent)).toBe(
      '/akademie/events/lauftreff/view#comment-0190f5a2-7c1e-7b4e-9a55-000000000077',
    );
  });

  it('leads to the chat of new chat messages', () => {
    const chat = testNotification(1, {
      type: 'chat_message',
      post: null,
      data: { chatId: '0190f5a2-7c1e-7b4e-9a55-000000000088', chatKind: 'group' },
    });
    expect(notificationTarget('akademie', chat)).toBe('/akademie/chat/0190f5a2-7c1e-7b4e-9a55-000000000088');
    expect(notificationTarget('akademie', { ...chat, type: 'chat_mention' })).toBe(
      '/akademie/chat/0190f5a2-7c1e-7b4e-9a55-000000000088',
    );
  });

  it('words an announced article by its name and leads to its page', async () => {
    const announced = (data: Record<string, string>) =>
      testNotification(1, { type: 'article_announced', actors: [], actorsCount: 0, post: null, data });
    const article = announced({
      title: 'Sommerfest',
      articleId: '0190f5a2-7c1e-7b4e-9a55-000000000099',
      articleSlug: 'sommerfest',
      categorySlug: 'neuigkeiten',
    });
    await setLanguage('de', { persist: false });
    expect(notificationSentence(article, i18n.t)).toEqual([
      { kind: 'text', text: 'Neuer Artikel: ' },
      { kind: 'post', text: '„Sommerfest“' },
    ]);
    expect(text(announced({}))).toBe('Neuer Artikel');
    expect(detailOf(article, i18n.t)).toBeNull();
    await setLanguage('en', { persist: false });
    expect(text(article)).toBe('New article: “Sommerfest”');
    await setLanguage('de', { persist: false });
    expect(notificationTarget('akademie', article)).toBe('/akademie/articles/neuigkeiten/sommerfest');
    expect(notificationTarget('akademie', announced({ title: 'Sommerfest' }))).toBeNull();
  });

  it('words event reminders and waitlist seats by the event and leads to its occurrence', async () => {
    const eventItem = (type: string, data: Record<string, string>) =>
      testNotification(1, { type, actors: [], actorsCount: 0, post: null, data });
    const data = { title: 'Stammtisch', eventSlug: 'stammtisch', occurrence: '2027-03-02T19:00:00' };
    const reminder = eventItem('event_starts', { ...data, offsetSeconds: '3600' });
    const seat = eventItem('event_seat_granted', data);
    await setLanguage('de', { persist: false });
    expect(text(reminder)).toBe('Erinnerung: „Stammtisch“ beginnt bald');
    expect(text(seat)).toBe('Sie sind von der Warteliste nachgerückt: „Stammtisch“');
    expect(text(eventItem('event_seat_granted', {}))).toBe('Sie sind von der Warteliste nachgerückt');
    await setLanguage('en', { persist: false });
    expect(text(reminder)).toBe('Reminder: “Stammtisch” starts soon');
    expect(text(seat)).toBe('You moved up from the waitlist: “Stammtisch”');
    await setLanguage('de', { persist: false });
    expect(notificationTarget('akademie', reminder)).toBe(
      '/akademie/events/stammtisch/view?occurrence=2027-03-02T19:00:00',
    );
    expect(notificationTarget('akademie', eventItem('event_starts', { title: 'Stammtisch' }))).toBeNull();
  });

  it('words a mention in a chat with the writer, the chat and the message', async () => {
    const mention = (data: Record<string, string> = {}) =>
      testNotification(1, {
        type: 'chat_mention',
        post: null,
        data: {
          chatId: 'c1',
          chatKind: 'group',
          chatName: 'Wandergruppe',
          excerpt: '@Ben kommst du?',
          ...data,
        },
      });
    await setLanguage('de', { persist: false });
    expect(text(mention())).toBe('Anna Schmidt hat Sie in „Wandergruppe“ erwähnt');
    expect(text(mention({ chatName: '' }))).toBe('Anna Schmidt hat Sie in einem Chat erwähnt');
    expect(detailOf(mention(), i18n.t)).toBe('„@Ben kommst du?“');
    await setLanguage('en', { persist: false });
    expect(text(mention())).toBe('Anna Schmidt mentioned you in “Wandergruppe”');
    await setLanguage('de', { persist: false });
  });
});
