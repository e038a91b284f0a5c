# The Lab's strength ladder: rated in the background, shown in the panel.
window 1600 1000
only lab
panel lab focus
lab-strength sackson random,greedy,ismcts:60 6
await 300 lab-strength-rated 3
expect lab-strength-top greedy
expect status-contains strength ladder: 3 bots rated
screenshot $SHOTS/lab-strength.png
expect-fits lab-strength-table
