# First half of the crash test: play a few actions, then die at once.
window 1200 800
play book1881 2 5 human greedy
play-first-legal
play-first-legal
play-first-legal
play-first-legal
crash
