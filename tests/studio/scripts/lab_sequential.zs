# The Lab's sequential test mode (issue 15): the SPRT of a metric's mean,
# H0 against H1, run in the studio to its verdict; the live line shows the
# log-likelihood ratio between Wald's bounds.
window 1600 1000
only lab
panel lab focus
# Greedy (seat 1's bot) against random: its margin under A is far above 0.
lab-test sackson book1881 2 2000 greedy,random a.bot-margin:1 0 5
expect lab-verdict h1
expect lab-live-contains accepts H1
expect lab-live-contains H0 0.0000 vs H1 5.0000
screenshot $SHOTS/lab-test.png
check-screenshot $SHOTS/lab-test.png 1600 1000
# and against a margin it cannot reach, the test accepts H0.
lab-test sackson book1881 2 2000 greedy,random a.bot-margin:1 400 405
expect lab-verdict h0
expect lab-live-contains accepts H0
# A fixed run has no verdict.
lab-run sackson book1881 2 50 greedy
expect lab-verdict none
# The skill trace from the Lab: mc:N against mc:2N for each N, one chart.
lab-ladder sackson book1881 2 12 2,4
expect lab-ladder-steps 2,4
expect status-contains skill trace, 2 steps done
screenshot $SHOTS/lab-ladder.png
check-screenshot $SHOTS/lab-ladder.png 1600 1000
