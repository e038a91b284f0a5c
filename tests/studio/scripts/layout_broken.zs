# Run 3 of the layout test (with --keep-layout): imgui.ini holds a broken
# layout (tiny panels over the menu bar). It is not loaded: the status bar
# says why, the panels are tiled, and all of them fit below the menu bar.
expect status-contains the saved layout was reset
expect layout-arranged false
expect panels-tiled
expect-fits
