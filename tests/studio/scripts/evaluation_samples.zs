# The evaluation line on every sample replay (a small budget: the search
# itself is tested in replay_tests).
window 1600 1000
open-replay replays/samples/book1881-2p-one-deal.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/book1881-3p-assembly-then-its-trick.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/book1881-4p-couples.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/house_example-3p-marriage-hook.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/parlett-3p-refill-after-marriage.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/rules_site-5p.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/rummy_site-2p-seven-card-turn.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/rummy_site-6p.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/sackson-2p-double-imperial-marriage.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/sackson-2p-two-player-chain.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/sackson-3p-greedy-vs-random.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/sackson-3p-imperial-flush-sequence.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/sackson-4p-pairs.json
evaluate 10
await 120 evaluation done
open-replay replays/samples/sackson-6p-teams-of-three.json
evaluate 10
await 120 evaluation done
screenshot $SHOTS/evaluation-last-sample.png
