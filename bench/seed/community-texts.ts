import { slugify } from '../../contracts/slug.ts';
import { richTextToPlainText, sanitizeRichText } from '../../server/platform/rich-text.ts';
import type { Random } from '../lib/random.ts';

/*
 * The words of the bench community: group and space names, post titles, post bodies and comments as members of
 * a German club or course community write them (some in English). The seed builds pools of finished texts here
 * and SQL picks from them by a hash, so 200,000 posts cost no per-row work in Node.
 */

export const groupNames = [
  'Willkommen',
  'Training & Technik',
  'Veranstaltungen',
  'Marktplatz',
  'Projekte',
  'Regionalgruppen',
  'Vorstand & Organisation',
  'Jugend',
  'Wissen & Ressourcen',
  'Off-Topic',
] as const;

/** Five spaces per group, in the order of `groupNames`. */
export const spaceNames = [
  ['Ankündigungen', 'Vorstellungsrunde', 'Fragen zur Plattform', 'Feedback', 'Regeln & Hilfe'],
  ['Anfänger', 'Fortgeschrittene', 'Trainingspläne', 'Videoanalyse', 'Ausrüstung'],
  ['Sommerfest', 'Turniere', 'Workshops', 'Online-Treffen', 'Ausflüge'],
  ['Biete', 'Suche', 'Tausch', 'Mitfahrgelegenheiten', 'Dienstleistungen'],
  ['Vereinsheim', 'Website', 'Förderanträge', 'Chronik', 'Nachhaltigkeit'],
  ['Nord', 'Süd', 'Ost', 'West', 'International'],
  ['Vorstand', 'Kassenprüfung', 'Satzung', 'Mitgliederversammlung', 'Ehrenamt'],
  ['U14', 'U18', 'Eltern', 'Jugendfreizeit', 'Jugendleitung'],
  ['Leseecke', 'Tutorials', 'Vorlagen', 'Podcasts', 'FAQ'],
  ['Plauderecke', 'Fotos', 'Rezepte', 'Reisen', 'Humor'],
] as const;

const titleOpeners = [
  'Frage zu',
  'Tipps für',
  'Erfahrungen mit',
  'Update:',
  'Wer kennt sich aus mit',
  'Suche Hilfe bei',
  'Rückblick:',
  'Einladung:',
  'Diskussion:',
  'Kurze Info zu',
  'Neu:',
  'Question about',
  'Looking for advice on',
  'Recap:',
];
const titleTopics = [
  'dem Sommerfest',
  'den Trainingszeiten',
  'der Mitgliederversammlung',
  'unserem neuen Vereinsheim',
  'den Fotos vom Turnier',
  'der Fahrgemeinschaft am Samstag',
  'dem Jugendcamp 2026',
  'den neuen Trikots',
  'der Satzungsänderung',
  'dem Förderantrag',
  'den Hallenzeiten im Winter',
  'der Online-Sprechstunde',
  'dem Workshop „Erste Hilfe“',
  'unserer Website',
  'der Kassenprüfung',
  'dem Ausflug an den See',
  'den Beiträgen für 2027',
  'dem Podcast-Interview',
  'the weekend tournament',
  'the new training plan',
  'the online meetup',
  'our club chronicle',
];

const paragraphs = [
  'Hallo zusammen, ich bin neu hier und wollte mich kurz vorstellen. Ich spiele seit drei Jahren und freue mich auf den Austausch mit euch!',
  'Am kommenden Samstag treffen wir uns um 10 Uhr am Vereinsheim. Bitte bringt <strong>wetterfeste Kleidung</strong> und etwas zu trinken mit.',
  'Vielen Dank an alle, die beim Aufbau geholfen haben. Ohne euch hätten wir das in der kurzen Zeit nicht geschafft.',
  'Hat jemand Erfahrung mit dem neuen Trainingsplan? Ich komme mit den Intervallen in der dritten Woche noch nicht so richtig klar und würde mich über Tipps freuen.',
  'Die Anmeldung ist ab sofort freigeschaltet. Die Plätze sind begrenzt, also meldet euch <em>bis Ende des Monats</em> an.',
  'Kurze Erinnerung: Die Hallenzeiten ändern sich ab November. Dienstags trainieren wir ab 18:30 Uhr, donnerstags bleibt alles wie gehabt.',
  'Ich habe die Fotos vom letzten Wochenende hochgeladen. Wer nicht auf den Bildern erscheinen möchte, schreibt mir bitte eine kurze Nachricht.',
  'Unser Protokoll der letzten Sitzung findet ihr wie immer im Mitgliederbereich. Die wichtigsten Punkte fasse ich hier noch einmal zusammen.',
  'Wir suchen noch zwei bis drei Freiwillige für den Kuchenstand. Es wäre toll, wenn sich jemand aus der Jugendabteilung melden würde.',
  'Leider muss das Treffen am Mittwoch wegen Krankheit ausfallen. Einen Ersatztermin geben wir so bald wie möglich bekannt.',
  'Mich würde interessieren, wie ihr das mit der Fahrgemeinschaft regelt. Gibt es eine Liste, in die man sich eintragen kann, oder spricht man sich hier ab?',
  'Der Vorstand hat beschlossen, die Beiträge für das kommende Jahr stabil zu halten. Details dazu gibt es auf der Mitgliederversammlung.',
  'Danke für die vielen Rückmeldungen zur Umfrage! Über 200 von euch haben mitgemacht, das ist ein neuer Rekord.',
  'Ich verkaufe meine alte Ausrüstung, kaum benutzt und in sehr gutem Zustand. Bei Interesse gerne eine Nachricht schreiben, Abholung in der Innenstadt.',
  'Für alle, die gestern nicht dabei sein konnten: Die Aufzeichnung des Online-Treffens ist jetzt verfügbar. Den Link findet ihr unten.',
  'Ein großes Lob an unsere Trainerinnen und Trainer. Die Stimmung in den Gruppen ist super und man merkt, wie viel Mühe ihr euch gebt.',
  'Bitte denkt daran, die Umkleiden nach dem Training aufgeräumt zu hinterlassen. Der Hausmeister hat sich leider schon mehrfach beschwert.',
  'Weiß jemand, ob der Parkplatz hinter der Halle am Wochenende geöffnet ist? Beim letzten Mal war die Schranke zu und wir mussten weit laufen.',
  'Hier noch ein paar Eindrücke vom Ausflug. Das Wetter hat mitgespielt, die Wanderung war anspruchsvoll, aber die Aussicht hat sich gelohnt.',
  'Hello everyone! I just moved to the area and was happy to find this community. Is there a beginners group that meets during the week?',
  'Thanks for organising the tournament, it was a great day. Looking forward to the next one and hopefully a bit less rain.',
  'Does anyone have a recommendation for a good physiotherapist nearby? My knee has been bothering me since the last match.',
  'Zur Info: Die Geschäftsstelle ist zwischen den Feiertagen geschlossen. In dringenden Fällen erreicht ihr uns per E-Mail.',
  'Wir planen für den Herbst einen Workshop zum Thema <strong>Ernährung im Sport</strong>. Welche Fragen sollen wir unbedingt behandeln?',
  'Die neuen Trikots sind da! Wer eins bestellt hat, kann es ab Montag während der Trainingszeiten abholen.',
  'Kennt jemand eine gute App, um die Trainingseinheiten zu dokumentieren? Bisher mache ich das noch mit Stift und Papier.',
  'Ich finde die Idee mit dem offenen Training am Sonntag super. Vielleicht können wir das einmal im Monat fest einplanen?',
  'Wichtig für alle Eltern: Die Einverständniserklärungen für die Jugendfreizeit müssen bis zum 15. unterschrieben vorliegen.',
  'Nach langer Diskussion haben wir uns für den Anbieter mit der besseren Barrierefreiheit entschieden, auch wenn er etwas teurer ist.',
  'Vielleicht hilft das jemandem weiter: Bei mir hat es geholfen, die Übung erst langsam und ohne Gewicht zu machen und dann zu steigern.',
  'Der Förderantrag ist durch! Damit können wir im nächsten Jahr zwei zusätzliche Kurse anbieten und neue Geräte anschaffen.',
  'Am Ende des Abends haben wir noch lange zusammengesessen. Solche Treffen sollten wir unbedingt öfter machen.',
];

const listBlocks = [
  '<ul><li>Treffpunkt: Vereinsheim</li><li>Beginn: 10:00 Uhr</li><li>Ende gegen 16:00 Uhr</li></ul>',
  '<ul><li>Getränke</li><li>Sonnencreme</li><li>Regenjacke</li><li>gute Laune</li></ul>',
  '<ol><li>Anmeldung ausfüllen</li><li>Beitrag überweisen</li><li>Bestätigung abwarten</li></ol>',
  '<ul><li>Begrüßung durch den Vorstand</li><li>Bericht der Kassenprüfung</li><li>Wahlen</li><li>Verschiedenes</li></ul>',
  '<ol><li>Aufwärmen (15 Minuten)</li><li>Technik in Kleingruppen</li><li>Spielformen</li><li>Auslaufen und Dehnen</li></ol>',
];

const linkBlocks = [
  '<p>Alle Details gibt es <a href="https://example.org/veranstaltungen" target="_blank" rel="noopener noreferrer nofollow">auf unserer Website</a>.</p>',
  '<p>Hier geht es zur <a href="https://example.org/anmeldung" target="_blank" rel="noopener noreferrer nofollow">Anmeldung</a>.</p>',
  '<p>Mehr dazu in diesem Artikel: <a href="https://example.com/blog/training-im-winter" target="_blank" rel="noopener noreferrer nofollow">Training im Winter</a></p>',
];

const headings = ['<h3>Ablauf</h3>', '<h3>Was ihr mitbringen solltet</h3>', '<h2>Zusammenfassung</h2>'];

const commentParagraphs = [
  'Super, danke für die Info!',
  'Bin dabei 👍',
  'Da komme ich gerne mit. Soll ich noch etwas mitbringen?',
  'Klingt gut, ich kann aber leider erst ab 11 Uhr.',
  'Danke, das hilft mir sehr weiter.',
  'Ich hatte das gleiche Problem. Bei mir hat es geholfen, die Einstellungen einmal zurückzusetzen.',
  'Gibt es dazu schon einen Termin?',
  'Tolle Fotos! Vielen Dank fürs Teilen.',
  'Wie sieht es mit der Anfahrt aus? Gibt es Parkplätze vor Ort?',
  'Ich kann am Samstag zwei Personen mitnehmen, Abfahrt 9:30 Uhr am Bahnhof.',
  'Sehr schöner Beitrag, da steckt viel Arbeit drin.',
  'Das sehe ich etwas anders. Ich finde, wir sollten erst die Meinung der Jugendabteilung einholen, bevor wir das entscheiden.',
  'Kann ich bestätigen, bei uns lief es genauso.',
  'Ist das auch für Anfänger geeignet?',
  'Hab mich gerade angemeldet, freue mich schon!',
  'Thanks, that is really helpful!',
  'Count me in.',
  'Wo finde ich das Protokoll genau? Im Mitgliederbereich sehe ich es nicht.',
  'Gute Besserung an alle, die krank sind!',
  'Vielleicht können wir das beim nächsten Treffen kurz besprechen.',
  'Ich habe noch eine alte Ausrüstung im Keller, die ich gerne abgeben würde.',
  'Danke an das ganze Orga-Team, ihr seid klasse!',
];

export type RichText = { html: string; text: string };

/** `html` exactly as the server stores it (sanitized), `text` as `richTextToPlainText` derives it. */
function stored(html: string): RichText {
  const clean = sanitizeRichText(html);
  if (clean !== html) {
    throw new Error(`community seed: a body is not in stored form:\n${html}\n${clean}`);
  }
  return { html: clean, text: richTextToPlainText(clean) };
}

/**
 * Post bodies of realistic length: mostly one to three paragraphs (roughly 100–600 characters), a fifth longer
 * announcements with a heading, a list and a link (up to about 1,500).
 */
export function postBodies(random: Random, count: number): RichText[] {
  return Array.from({ length: count }, () => {
    const blocks: string[] = [];
    const long = random.next() < 0.2;
    const paragraphCount = long
      ? random.int(2, 4)
      : random.weighted([
          [1, 4],
          [2, 4],
          [3, 2],
        ] as const);
    if (long) {
      blocks.push(random.pick(headings));
    }
    for (let index = 0; index < paragraphCount; index++) {
      blocks.push(`<p>${random.pick(paragraphs)}</p>`);
      if (long && index === 0) {
        blocks.push(random.pick(listBlocks));
      }
    }
    if (long || random.next() < 0.1) {
      blocks.push(random.pick(linkBlocks));
    }
    return stored(blocks.join(''));
  });
}

/** Comments: mostly one short paragraph, some two. */
export function commentBodies(random: Random, count: number): RichText[] {
  return Array.from({ length: count }, () => {
    const first = `<p>${random.pick(commentParagraphs)}</p>`;
    return stored(random.next() < 0.25 ? `${first}<p>${random.pick(commentParagraphs)}</p>` : first);
  });
}

export type Title = { name: string; slug: string };

/** Post titles with their slug stem (the seed appends the post's number, so slugs stay unique per app). */
export function postTitles(): Title[] {
  return titleOpeners.flatMap((opener) =>
    titleTopics.map((topic) => {
      const name = `${opener} ${topic}`;
      return { name, slug: slugify(name) };
    }),
  );
}

export const firstNames =
  'Anna Ben Clara David Emma Felix Greta Hannah Jonas Lea Lukas Marie Noah Paul Sophie Mia Elias Leonie Finn Ida Jürgen Sabine Özlem Mehmet Katarzyna Tomasz Olga Chiara'.split(
    ' ',
  );
export const lastNames =
  'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Klein Wolf Schröder Neumann Yılmaz Nowak Rossi Lehmann'.split(
    ' ',
  );
