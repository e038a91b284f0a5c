# Run 1 of the layout test (with --keep-layout): the tiled layout at a
# known size; on exit the studio saves imgui.ini atomically.
window 1000 700
frames 2
