// English texts of the Quiclo tutorial (quintet/games/quiclo/tutorial.py): one hint per
// step, the explanation of a wrong move, and the end of the first game explained.
export default {
  'tutorial.quiclo.title': 'Learn Quiclo',
  'tutorial.quiclo.sum': (a) =>
    `Everyone plays at once: chain your own cards with + − × ÷ to make the top card of one of the three stacks, and call QUICLO! Each card you use goes onto that stack, so your hand shrinks. Your chain ${a.chain} makes ${a.top}, the top of stack ${a.stack}: click ${a.chain.split(' ').join(', ')} (cards and signs), then QUICLO!`,
  'tutorial.quiclo.bot_claims': 'Watch: your opponent calls QUICLO! too. The tops change with every claim.',
  'tutorial.quiclo.times': (a) =>
    `× and ÷ come before + and −: ${a.chain} is ${a.chain.split(' ')[0]} + (${a.chain.split(' ').slice(2).join(' ')}), which makes ${a.top}, the top of stack ${a.stack}. The 9 on top of another stack may be part of your chain (it stays where it is). Click ${a.chain.split(' ').join(', ')}, then QUICLO!`,
  'tutorial.quiclo.try_wrong': (a) =>
    `Now see a wrong chain on purpose: ${a.chain} = ${a.top}. It does make ${a.top} in the end, but the running total may never go below zero, and ${a.chain.split(' ').slice(0, 3).join(' ')} does (a division with a remainder is wrong too). Click ${a.chain.split(' ').join(', ')}, = and the ${a.top} on stack ${a.stack}, then QUICLO!: the referee will say why it is wrong, and you sit out a moment.`,
  'tutorial.quiclo.try_wrong_again': (a) =>
    `For this step, call exactly ${a.chain} = ${a.top} (with = and the top card), to see what happens to a wrong chain.`,
  'tutorial.quiclo.sitting_out':
    'Wrong: you sit out until another player makes a valid claim, or until the sit-out ends (here 3 seconds; 15 in a real game). Your opponent claims at once, so you are back.',
  'tutorial.quiclo.other_top': (a) =>
    `The same cards in a valid order: ${a.chain} never goes below zero and makes ${a.top}, the top of stack ${a.stack}; the 44 is the top of another stack, and your own cards go onto stack ${a.stack}. Click ${a.chain.split(' ').join(', ')}, then QUICLO!`,
  'tutorial.quiclo.claim_wrong': (a) =>
    `That is not the chain of this step (a wrong chain here costs you nothing: the tutorial stops it). Clear your chain and click ${a.chain}, then QUICLO!`,
  'tutorial.quiclo.bot_votes':
    'Your opponent sees no more chains and votes “No more claims”.',
  'tutorial.quiclo.vote':
    'A game ends when someone is left with one card or none, when nobody has a chain left, or when everyone votes “No more claims”. To end this first game, vote too: press “No more claims”. Then the fewest cards win.',
  'tutorial.quiclo.vote_wrong': 'Press “No more claims” to end this first game.',
  'tutorial.quiclo.end': (a) =>
    `Everyone voted: the game is over, and the fewest cards win. You hold ${a.mine} cards, your opponent ${a.other}: you win. In a real game you would play on: whoever first keeps one card or none wins at once.`,
};
