# Crash during an autosave: the third save (after the second action) dies
# half-way through writing (ZETEMA_FAULT_AT_WRITE=3:300, set by the test).
window 1200 800
play sackson 2 9 human greedy
play-first-legal
play-first-legal
