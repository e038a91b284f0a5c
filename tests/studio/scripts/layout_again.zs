# Run 2 of the layout test (with --keep-layout): no `window` command, so the
# panels keep the places loaded from imgui.ini; on exit it is saved again.
frames 3
