import type { GameKind } from './seed-demo.kinds.js';

/*
 * The sentences of seed:demo's reviews, comments and diary notes, by kind of
 * game (seed-demo.kinds.ts). `neutral` texts are safe for any game: they
 * speak of controls, sound, pace, difficulty and sessions, and never of
 * enemies, bosses, a camera, a story, levels or anything else a game might
 * not have; every other kind draws from its own texts and the neutral ones.
 * Placeholders: {game}, {platform}, {year}, {decade}.
 */

export type Band = 'high' | 'mid' | 'low';
export type Mood = Band | 'abandoned';

/** The first sentence of a short review: how it went, nothing about what the game is. */
export const OPENERS: Record<Mood, readonly string[]> = {
  high: [
    '{game} still holds up.',
    'Finally got around to {game}, and I get the fuss now.',
    'I expected a museum piece from {year} and came away with a new favourite.',
    'Short, sharp and confident: {game} knows exactly what it wants to be.',
    'This is the one I kept reaching for all month.',
    'I did not expect {game} to grab me like this.',
    'Every so often an old game reminds you why you started playing. This was one of those.',
    'Better than I remembered, and I remembered it fondly.',
    'A proper classic, and not just because of its age.',
    'Easy to pick up, hard to put down.',
    'I played {game} on {platform} for the first time this year and it clicked within minutes.',
    'What a pleasant surprise.',
  ],
  mid: [
    '{game} has good ideas and a few rough edges.',
    'Fun in short bursts.',
    'Solid, if a little dated.',
    'A good evening or two, no more and no less.',
    'I liked {game} more than I loved it.',
    'There is a great game in here somewhere; I found it about half the time.',
    'Perfectly pleasant, and I already remember little of it.',
    'Some of it aged well, some of it very much belongs to {decade}.',
    'Worth a look, especially if you played it back then.',
    'Charming, uneven, and over sooner than I expected.',
  ],
  low: [
    'I wanted to love {game}, and I tried.',
    'Not for me, I am afraid.',
    'Some charm, lots of frustration.',
    'I can see why people remember {game}; I just could not enjoy it.',
    'Maybe you had to be there in {year}.',
    'This one has not aged kindly.',
    'It pains me to rate {game} this low.',
    'A curiosity more than a game I would play again.',
  ],
  abandoned: [
    'I put {game} down after a few evenings.',
    'Shelved it for now.',
    'I gave {game} three evenings, and my patience ran out first.',
    'Not finished, and I doubt I will go back.',
    'I stopped playing {game} somewhere in the second week.',
    'Dropped it, with some regret.',
    'I tried to make {game} part of my routine and it did not stick.',
    'Gave up on it, at least for now.',
    'I meant to see {game} through. I did not.',
  ],
};

/** The last sentence of a short review, sometimes. */
export const CLOSERS: Record<Mood, readonly string[]> = {
  high: [
    'An easy recommendation.',
    'If you have never played it, **start here**.',
    'Clear an evening and give it the attention it deserves.',
    'Five minutes in, I knew this would stay on my shelf.',
    'I will be back for another go soon.',
    'It earns every star.',
    'A must for anyone curious about {decade}.',
    'Already planning to play it again.',
  ],
  mid: [
    'Worth playing once.',
    'Glad I played it, even if it will not be a favourite.',
    'Go in with a bit of patience.',
    'Good, not great.',
    'A fine way to spend a rainy afternoon.',
    'I understand why others love it more.',
    'Try it if you come across it cheaply.',
  ],
  low: [
    'I cannot recommend it today.',
    'History matters; fun matters more.',
    'Maybe it is better in company.',
    'Not for me, but I see the appeal.',
    'I will stick to my memories of it.',
    'One for collectors.',
  ],
  abandoned: [
    'Maybe another time.',
    'I might try again in a year.',
    'Back on the shelf it goes.',
    'I will let others sing its praises.',
    'Not every classic is for everyone.',
    'The backlog is long and life is short.',
  ],
};

/** The middle of a short review: something the game does well (`good`) or badly (`bad`). */
export const DETAILS: Record<GameKind, { good: readonly string[]; bad: readonly string[] }> = {
  neutral: {
    good: [
      'The controls feel **tight** on {platform}, and I kept going for one more try far longer than I planned.',
      'It teaches you everything it needs within a few minutes and then simply lets you play.',
      'The pacing is *excellent*: it never asks for more of your evening than you want to give.',
      'The sound is simple but does a lot of work, and the whole thing has a rhythm I fell into quickly.',
      'What impressed me is how little it needs to explain; you understand it by doing.',
      'It looks plain today, but everything on screen is clear, and that matters more than I thought.',
      'Playing it on {platform} felt like opening a time capsule from {decade}, in a good way.',
      'It gets harder gently, and each failure taught me something for the next attempt.',
      'I played it in twenty-minute sessions and that turned out to be exactly the right dose.',
      'It rewards patience, and it is generous once you stop arguing with its rules.',
      'There is real craft in how responsive it is; pressing a button and seeing the result feel like one thing.',
      'The first half hour is rough, then it all falls into place.',
      'It is the kind of game you explain to a friend in one sentence, then watch them play for an hour.',
      'It has a lovely sense of humour in the details.',
      'Even the menus have character, and the sound effects are instantly recognisable.',
      'The version on {platform} is the one I grew up with, and it still feels like home.',
      'It is more generous than its reputation suggests; the first hour is the hardest.',
    ],
    bad: [
      'The controls take some getting used to on {platform}, and the early minutes are rough.',
      'I liked the music more than the game itself, to be honest.',
      'It repeats itself sooner than I hoped, and the novelty wore off within a few sessions.',
      'The difficulty rises without warning, and it felt unfair rather than challenging.',
      'The controls on {platform} worked against me the whole way.',
      'Its idea is clear from the first minute; what it does with it after that is thinner.',
      'The sessions were fun while they lasted, but I never felt pulled back to it the next day.',
      'I kept noticing how much later games borrowed from it, which made it more interesting than fun.',
      'It asks for precision and gives little slack, and most evenings that wore me down.',
      'It explains almost nothing, and I spent the first evenings confused rather than curious.',
      'The sound grated on me after a while, and playing without it took the life out of it.',
      'It is slow to get going, and I am not sure it ever really does.',
      'What was novel in {year} feels thin today.',
      'I admired it more than I enjoyed it.',
    ],
  },
  puzzle: {
    good: [
      'The rules fit in one sentence, and I was still discovering what they mean after a week.',
      'Few games make the "one more go" feeling this strong; I lost whole evenings to it.',
      'When a plan comes together it feels **brilliant**, and it comes together more often the longer you play.',
      'It gets harder so gradually that you only notice how good you became when you watch someone new try it.',
      'Every attempt is short, so a bad start never costs much, and a good one is pure joy.',
      'It is calm and demanding at the same time, and the clean look keeps everything readable when things get hectic.',
      'There is nothing to unlock and nothing to grind; it is just you, the rules and your own mistakes.',
      'It made me feel clever without ever feeling easy, which is the best thing a puzzle game can do.',
      'I played it in coffee breaks for a week and every break ended with me wanting another.',
      'The logic is always fair: when I failed, I could see exactly where my thinking went wrong.',
    ],
    bad: [
      'After a few evenings I felt I had seen everything it has to offer.',
      'It gets harder faster than my understanding did, and it started to feel like guesswork.',
      'Later on it asks more of my reflexes than my head, which is not why I play puzzle games.',
      'The controls on {platform} are a touch sluggish, and in a game this precise that costs attempts.',
      'It asks the same few things of you again and again, and the variety I hoped for never came.',
      'The idea is elegant, but the presentation is so bare that I never felt drawn back.',
      'One mistake early can ruin an attempt, and playing it out afterwards tested my patience.',
      'Fine in small doses, but it never surprised me after the first hour.',
    ],
  },
  board: {
    good: [
      'The computer opponent is a fair teacher: it punishes careless moves and rewards thinking a step ahead.',
      'Two players at one screen is where it shines; we played game after game and kept score on paper.',
      'The rules are easy to learn and the depth goes on and on, exactly as it should with a game like this.',
      'Every move matters, and the best moments come when a plan from many moves ago suddenly pays off.',
      'The board is clear, moves are quick to make, and nothing gets between you and the game.',
      'I played it against the computer on every setting, and each step up felt like a new opponent.',
    ],
    bad: [
      'The computer opponent is either trivial or merciless, with nothing in between.',
      'Alone against the computer it felt thin; it needs a second player to come alive.',
      'The computer takes its time over every move, and the waiting adds up.',
      'It is a faithful version of the game and little more; I would rather play it at a table.',
      'The controls on {platform} make each move fiddlier than it should be.',
    ],
  },
  action: {
    good: [
      'Enemies telegraph their attacks, and when I lost a life it almost always felt like my own fault.',
      'Every stage adds one new idea and then combines it with the ones before; by the end it trusts you completely.',
      'The controls are **tight**: jumps go exactly as far as you mean them to.',
      'Bosses are tough but readable, and beating one after a dozen tries is the best feeling in the game.',
      'I kept finding hidden corners and shortcuts I had missed the first time through.',
      'Stages alternate between tension and rest so well that long sessions never wore me out.',
      'It is relentless in the best way: no filler, just one clever challenge after another.',
    ],
    bad: [
      'The difficulty spikes in the final stages felt unfair rather than challenging.',
      'A couple of bosses outstay their welcome, and the last stretch leans on repetition.',
      'Hit detection is generous to the enemies and stingy to you.',
      'Too much backtracking for my taste, and the checkpoints are far apart.',
      'Later stages recycle earlier ideas with more enemies on screen, and the spark fades.',
      'The controls feel stiff; some jumps need timing the game does not really support.',
    ],
  },
  story: {
    good: [
      'The world drew me in from the first hour, and I talked to every character I could find.',
      'The writing is better than it has any right to be for {year}, with a few lines that made me laugh out loud.',
      'The quests are varied, and the story builds to an ending I did not see coming.',
      'Exploring without a guide was half the fun; the map rewards curiosity.',
      'Combat is simple, but it never gets in the way of the journey, and that is the point.',
      'The characters have more personality than I expected, and I still think about some of them.',
    ],
    bad: [
      'The story is thin, and the long stretches between its good moments tested me.',
      'Too much wandering without direction; I checked a guide more than I wanted to.',
      'Combat is a chore by the halfway point, and it is everywhere.',
      'Some puzzles rely on trial and error rather than logic, which broke the spell.',
      'The pacing sags in the middle, and the ending did not make up for it.',
    ],
  },
  racing: {
    good: [
      'The sense of speed is **wonderful** for its age, and every corner asks for a decision.',
      'Learning each track until I could take it without braking was a slow, satisfying process.',
      'Handling is simple to learn and subtle to master.',
      'Racing a friend side by side brought out the best in it.',
      'Shaving a second off my best lap became a nightly ritual.',
      'The tracks are few, but each one has real personality.',
    ],
    bad: [
      'There are too few tracks, and I had seen them all in an evening.',
      'The computer drivers seem to find extra speed whenever you get ahead.',
      'The handling is twitchy on {platform}, and small mistakes end races.',
      'Crashes cost so much time that one error decides the race.',
    ],
  },
  sports: {
    good: [
      'The controls capture the feel of the sport better than I expected from {year}.',
      'Playing against a friend is loud, silly and **brilliant**.',
      'Each match or event is short, so a quick session always fits.',
      'Timing is everything, and when you get it right it feels great.',
      'It is easy to start, and there is real skill to find underneath.',
      'The simple presentation hides a surprising amount of depth.',
    ],
    bad: [
      'Some events are great and others are pure button-mashing.',
      'The computer opponent is either hopeless or unbeatable.',
      'After a few sessions I had seen everything it has.',
      'The controls on {platform} make the timing harder than it should be.',
    ],
  },
  strategy: {
    good: [
      'Every decision has a knock-on effect, and working out the consequences is the whole joy of it.',
      'I planned on paper between sessions, which says everything about how it hooked me.',
      'The systems are deep but readable, and the game lets you fail and learn.',
      'It is slow in the best sense: you think, you commit, you watch it play out.',
      'A session never ends when I mean it to; there is always one more thing to sort out.',
      'The interface is dated, but underneath is a design that still feels **fresh**.',
    ],
    bad: [
      'The interface on {platform} makes simple things slow, and that adds up.',
      'It explains little, and I spent more time puzzling over the manual than playing.',
      'Once I found a plan that worked, the challenge was gone.',
      'Too much waiting for too little happening.',
    ],
  },
};

/** Long reviews: every intro has *italic*, every design paragraph **bold**, every quote is a "> " quote. */
export const LONG = {
  intro: [
    'I first played {game} years ago and came back to it on {platform} this month to see whether it deserves its reputation. Short answer: *mostly* yes.',
    'Some games from {decade} are better remembered than replayed. I went into {game} half expecting to be disappointed, and spent the next two weeks thinking about *little else*.',
    '{game} came out in {year}, and you can tell, but not in the way I feared. It is lean, direct and *surprisingly generous* once it clicks.',
    'A friend kept telling me {game} was essential. I put it off for years, played it on {platform} over a few weekends, and now I am the one who will *not stop talking about it*.',
    'There is a special kind of pleasure in a game that asks for nothing but attention. {game} is *exactly* that, and this month it had all of mine.',
    'I am writing this a week after my last session with {game}, because I wanted to see whether it would fade. It has *not*, which says something.',
    'Reviewing a game from {year} is tricky: you judge it against its time or against today. I tried to do *both* with {game}.',
  ],
  design: {
    neutral: [
      'What surprised me most is how **readable** everything is. The screen tells you what you need and nothing more, the controls answer instantly, and when something goes wrong it almost always feels like your own fault. For a game of its age that is rare, and plenty of newer releases could learn from it.',
      'The design is the star. It introduces one idea, lets you play with it safely, then asks you to combine it with something you learned earlier. By the end the game trusts you completely, and **that trust is earned**. Nothing is explained twice, because nothing needs to be.',
      'Mechanically it is simple, and the magic is in the **rhythm**. Calm moments and tense ones alternate so well that I never once felt worn out, even during long sessions, and I always knew when it was a good time to stop, which I then ignored.',
      'What keeps me coming back is how **honest** it is. There is no luck to blame and nothing to grind: every attempt is a clean test of how well you have understood it, and every attempt makes you a little better. It is a simple promise, kept perfectly.',
      'The controls deserve their own praise. On {platform} they are **precise and immediate**, which matters more than anything else in a game like this. After a while I stopped thinking about my hands at all and simply played, which is the highest compliment I can give.',
      'Its greatest strength is **focus**. Every part of {game} serves one idea, and nothing was added just to fill a box on the back. Modern games often feel like a buffet; this feels like one perfect dish, and I finished it wanting more.',
      'I love how it **respects your time**. A session can be ten minutes or two hours, and either way you leave with something: a better result, a new trick, a clearer sense of how it all fits together. Few games of {decade} were designed so considerately.',
    ],
    puzzle: [
      'What makes it special is how **fair** it is. Nothing is hidden, and when I failed it was because I had not thought far enough ahead. That made every setback a lesson and every success something I had earned, and it kept me coming back long after I meant to stop.',
      'It is a game about **patterns**, and the longer you play, the more of them you see. At first I was reacting; by the end of the month I was planning, setting things up well ahead and watching them fall into place. Few games make you feel yourself getting better this clearly.',
      'There is **nothing to unlock** and nothing to collect, and that is the point. {game} is a handful of rules and your own judgement, and it turns out that is more than enough for weeks of evenings. It gets harder so gently that I never noticed the moment it became hard.',
    ],
    board: [
      'The rules are **elegant**: you learn them in a minute and are still discovering what they mean a week later. A game starts calm and ends in a flurry of decisions, and the best moments come when a plan you made many moves ago suddenly pays off.',
      'What makes it special is how **fair** it is. Nothing is hidden, and when I lost it was because I had not thought far enough ahead. That made every defeat a lesson and every win something I had earned, against the computer and against my sister alike.',
      'The computer opponent deserves **real credit**. On the easy setting it is a patient teacher; on the hard one it found weaknesses in my play I did not know I had. For a game from {year}, that is impressive.',
    ],
    action: [
      'What surprised me most is how **readable** everything is. Enemies telegraph their attacks, the layouts guide your eye without signposts, and when you fail it almost always feels like your own fault. For a game of its age that is rare, and plenty of newer releases could learn from it.',
      'The stage design is the star. Each area introduces one idea, lets you play with it safely, then combines it with something you learned earlier. By the end the game trusts you completely, and **that trust is earned**.',
      'Mechanically it is simple: move, jump, attack, repeat. The magic is in the **rhythm**. Stages alternate between tension and rest so well that I never once felt worn out, even during long sessions.',
      'The bosses are the highlight. Each one is a **puzzle with teeth**: watch, learn, survive, strike. I died to some of them a dozen times and never once felt cheated.',
    ],
    story: [
      'The world is the star. Every town has its own mood, the characters have **more personality** than the graphics suggest, and I kept going out of my way just to see what was behind the next door.',
      'The story starts small and grows into something **genuinely moving**. Scenes are short, the writing is economical, and the big moments land because the game earned them.',
      'What I admire most is the **sense of discovery**. There is no arrow telling you where to go; you talk, you explore, you piece things together, and when it clicks it feels like your own achievement.',
    ],
    racing: [
      'The sense of **speed** is superb. Every corner is a decision, every straight a moment to breathe, and learning where to brake (and where not to) is a slow, rewarding process.',
      'It is a game about **the perfect lap**. The tracks are short enough to memorise and rich enough to keep surprising you, and every tenth of a second you find feels like a small victory.',
      'Handling is **simple on the surface** and subtle underneath: the way the car slides, the line you choose, the moment you lift off. I spent evenings on a single track and never got bored.',
    ],
    sports: [
      'It captures the **feel** of the sport with very little: a few buttons, clear timing, and the right amount of chaos. A match is short, but every one of them tells a story of its own.',
      'The real star is **two players on one screen**. My brother and I played it every evening for a week, and the rivalry it created is still going.',
      'Under the simple controls is **real depth**: timing, positioning and a little bit of reading your opponent. It took me days to stop losing to the computer, and I enjoyed every one of them.',
    ],
    strategy: [
      'The systems are the star. Everything is **connected**, every decision ripples outward, and the joy is in watching a plan play out over hours, then fixing what you got wrong.',
      'It rewards **thinking ahead** like few games do. I kept notes between sessions, planned around problems before they arrived, and felt properly clever when it worked.',
      'It is **slow in the best way**. You look, you consider, you commit, and then you live with the consequences. Modern games rarely trust players with this much patience.',
    ],
  } satisfies Record<GameKind, readonly string[]>,
  quote: {
    neutral: [
      "> Just one more try, then I'm going to bed.\n> Me, at least a dozen times.",
      '> It looks simple until you play it.\n> My brother, an hour after he said it looked simple.',
      '> Old games do not hold your hand; they hold your attention.\n> Something I read years ago, and finally understood.',
      '> Are you still playing that?\n> Everyone in my house, every evening this month.',
      '> You are smiling at the screen again.\n> My partner, more than once.',
      '> Wait, how old is this?\n> A friend who had never seen it before.',
      '> Let me have a go.\n> Every visitor we had this month.',
    ],
    puzzle: [
      '> One more go, then bed.\n> Me, around midnight, three nights in a row.',
      '> The best part of a hard game is the moment it stops being hard.\n> A friend, watching me finally get it.',
    ],
    board: [
      '> I saw that move coming. I just did not see it in time.\n> My sister, after losing the deciding game.',
      '> Best of three. No, best of five.\n> Both of us, every evening.',
    ],
    action: [
      '> If you can see it, you can probably reach it.\n> The rule I learned early on, and it never lied.',
      '> The best part of a hard game is the moment it stops being hard.\n> A friend, watching me finally beat the last stage.',
    ],
    story: ["> Just one more conversation, then I'll save.\n> Me, two hours before I actually saved."],
    racing: ['> Brake before the corner, not in it.\n> The advice I ignored for a week.'],
    sports: ['> Best of three. No, best of five.\n> My brother, every single evening.'],
    strategy: ['> I will just finish this one thing.\n> Me, forty things ago.'],
  } satisfies Record<GameKind, readonly string[]>,
  criticism: {
    neutral: [
      'It is not perfect. It repeats itself in longer sessions, a few moments outstay their welcome, and it assumes you have a whole afternoon to spare. I looked things up online once or twice, which broke the spell a little.',
      'My complaints are small but real: the difficulty rises unevenly, the controls on {platform} are not as forgiving as I would like, and it explains a little too little for a newcomer.',
      'If anything holds it back, it is variety. After a while you have seen most of what {game} has, and what keeps you going is your own ambition rather than anything new it shows you.',
      'The presentation is plain even by the standards of {decade}, and I can imagine many people giving up on it in the first five minutes. That would be a shame, but I understand it.',
      'I do have reservations. The first half hour is unwelcoming, the sound gets repetitive over a long evening, and on {platform} the controls need a light touch that took me a while to find.',
      'Not everything has aged well. Some of its habits feel stubborn today, and it does nothing to help a player who is stuck except wait for them to work it out.',
    ],
    puzzle: [
      'It is not perfect. The presentation is bare, a few moments rely on quick fingers more than clear thinking, and once you have mastered it there is little left beyond chasing your own best.',
    ],
    board: [
      'It is not perfect. The computer opponent swings between too easy and too hard, alone the appeal fades faster than with a second player, and the presentation is bare even for {decade}.',
    ],
    action: [
      'It is not perfect. The last stretch leans on repetition, a couple of bosses outstay their welcome, and continues are stingy. I checked a guide once or twice, which broke the spell a little.',
      'My complaints are small but real: the difficulty jumps in the final third, hit detection is not always on your side, and the checkpoints are far apart.',
    ],
    story: [
      'If anything holds it back, it is the middle. The story loses its thread for a while, and the wandering between its best moments asks a lot of patience.',
      'My complaints: some puzzles rely on trial and error rather than logic, and combat grows repetitive long before the end.',
    ],
    racing: ['It is not perfect: there are too few tracks, the computer drivers bunch up suspiciously, and one crash can end a race you were winning.'],
    sports: ['My complaints are small: some events are far better than others, and the computer opponent is either hopeless or unbeatable.'],
    strategy: ['It is not perfect: the interface makes simple things slow, the manual is essential, and once you find a winning plan the challenge fades.'],
  } satisfies Record<GameKind, readonly string[]>,
  /** How and when it was played: fits any game, and makes up the length (a long review is over 900 characters). */
  aside: [
    'I played most of it in short evening sessions after work, which turned out to suit it perfectly. It never asked for more than I had, and it was always there when I had a spare half hour.',
    'Coming back to it as an adult is a different experience. As a child I played by instinct; now I notice the craft in every decision, and I enjoy it in a completely new way.',
    'I made a point of not looking anything up this time. Working things out on my own made every small success feel earned, and it made the month I spent with it much more memorable.',
    'My partner watched over my shoulder for the first few sessions and ended up asking for a turn, which is about the best review a game can get in our house.',
    'It is worth saying how well it fits into a busy life. There is no long introduction and no lengthy setup: you switch it on, and within a minute you are playing.',
    'I kept a little notebook while playing, which I have never done before. Most of the notes are about what I would try differently next time, and I kept wanting a next time.',
    'Part of the fun was talking about it. Two friends played it at the same time, and comparing notes every few days made it feel like a shared project rather than a solo evening.',
    'It is also a good reminder of how much a game can do with very little. No tutorial, no long menus, no grand introduction: just a clear idea, presented with confidence.',
  ],
  presentation: [
    'The sound deserves its own paragraph. A few tunes have been stuck in my head all week, and the effects do a lot of the work in making every action feel *right*.',
    'Presentation-wise it still looks lovely on {platform}. The palette is bold, the animation is expressive, and the music is short but never grating.',
    'It is not a looker today, but everything on screen is *clear*, and the sound is crisp and well judged. It looks like {decade} and wears it proudly.',
    'The audio is sparse, and I did not mind: the quiet suits it. The few sounds it makes tell you everything you need to know.',
    'Visually it is simple, and that simplicity is a strength: nothing distracts, nothing is there for show. On {platform} it runs smoothly and looks exactly as I remembered it.',
    'I played with headphones on, which I recommend: the sound is small but carefully made, and a few jingles are now permanently part of my day.',
  ],
  closing: {
    high: [
      'If you have never played it, **start here**. If you have, it is worth a revisit: it is better than you remember.',
      'An easy recommendation. Clear an evening, turn the lights down and give {game} the attention it deserves.',
      'It earned its place among my favourites this month, and I expect to come back to it for years.',
      'Play it. Then tell someone else to play it. That is what I am doing now.',
      'Few games from {decade} feel this complete. Highly recommended.',
      'I went in curious and came out a fan. If it is anywhere near your list, move it to the top.',
      'Some games are worth playing for history. This one is worth playing, full stop.',
    ],
    mid: [
      'Worth playing once, especially if you are curious where a lot of later ideas came from. Just go in with a bit of patience.',
      'Not an all-time favourite for me, but I am glad I finally played it, and I understand why others love it more.',
      'A good game with a great one hiding inside it. I would still recommend it, with the caveats above.',
      'I will not rush back, but I am glad it is in my library.',
    ],
    low: [
      'I respect what it was going for, but I cannot recommend it today unless you have a soft spot for {decade}.',
      'History matters, and {game} is part of it. As something to play in a free evening, though, it did not work for me.',
      'I wanted to like it more than I did, and I suspect some of you will.',
    ],
  } satisfies Record<Band, readonly string[]>,
};

/** Replies under a review: `neutral` ones fit any review; the others only their kind's. */
export const COMMENTS: Record<GameKind, readonly string[]> = {
  neutral: [
    "Great write-up. You've convinced me to give {game} another go.",
    'Adding this to my want-to-play list.',
    'Half a star higher for me, otherwise completely agreed.',
    'Did you play it on {platform} too? I always wondered how that version holds up.',
    'I bounced off it as a kid. Maybe it is time to try again.',
    'This is exactly why I keep coming back to games from {decade}.',
    'Fair review. I remember it being harder, but maybe I was just younger.',
    'You put into words what I never could about this one.',
    'I had the same experience, almost word for word.',
    'Interesting take. I rated it a bit lower, but I see your point.',
    'My dad played this constantly. Now I want to try it myself.',
  ],
  puzzle: ['My best is still better. Just saying.'],
  board: ['Fancy a game some time? I need the practice.'],
  action: ['Which boss gave you the most trouble?', 'The last stretch nearly broke me too.'],
  story: ['No spoilers, but the ending got me too.', 'Did you find all the side quests?'],
  racing: ['What is your best lap on the first track?'],
  sports: ['Best played with a friend, agreed.'],
  strategy: ['How many hours did you lose to it? Be honest.'],
};

/** Diary notes: `neutral` ones fit any game. */
export const DIARY_NOTES: Record<GameKind, readonly string[]> = {
  neutral: [
    'Short session before work.',
    'Got a bit further than last time.',
    'Played for an hour with the sound turned up.',
    'Tried again after a break; went much better.',
    'Read the manual this time. It helped.',
    'Lost track of time again.',
    'Quick session on the sofa.',
    'Showed it to a friend who had never seen it.',
  ],
  puzzle: ['New personal best.', 'A few goes before bed.', 'Stuck on the same one all evening. Tomorrow.'],
  board: ['A few games against the computer before bed.', 'Lost three games in a row, then won two.', 'Played my sister all evening.'],
  action: ['Cleared the first few stages.', 'Stuck on the same boss for an hour. Tomorrow.', 'Found a secret area I never knew existed.'],
  story: ['Finally figured out the map. Everything makes sense now.', 'Spent the evening talking to everyone in town.'],
  racing: ['Knocked a second off my best lap.', 'Finally learned the hard corner on the second track.'],
  sports: ['Played a tournament with a friend all evening.', 'Finally beat the computer on the hard setting.'],
  strategy: ['Planned everything out on paper first.', 'One more thing turned into ten.'],
};
