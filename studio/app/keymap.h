// Every key of the studio, one row each: what the help overlay (F1, ?)
// lists, and what docs/studio.md's keys table must say word for word (the
// keymap test checks every row is a row of that table).
#pragma once

#include <array>

namespace zetema::studio {

struct KeyBinding {
  const char* keys;
  const char* where;
  const char* what;
};

inline constexpr std::array kKeyBindings{
    KeyBinding{"← / →", "anywhere but a text field, a replay open", "one event back / forward"},
    KeyBinding{"Home / End", "same", "the start / the end of the replay"},
    KeyBinding{"PgUp / PgDn", "same",
               "the start of this (else the previous) turn / of the next turn"},
    KeyBinding{"Space", "same", "play / pause the timeline at its speed"},
    KeyBinding{"N / Shift+N", "same",
               "the next / previous score the event list keeps (every score when it filters "
               "nothing), as \"score >\" / \"< score\""},
    KeyBinding{"D", "same, unless the Play panel has your turn",
               "the next divergence of the diff (after the selected event, else its first); "
               "without a diff, where edited rules stop"},
    KeyBinding{"Ctrl+F", "same", "the event list's search field (Esc leaves it)"},
    KeyBinding{"F10, or Alt pressed and released", "anywhere",
               "the menu bar: ← → between menus, ↓ or Enter opens one, ↑ ↓ move, Enter picks, "
               "Esc (or F10, Alt) leaves"},
    KeyBinding{"Tab", "a panel, not in a text field",
               "keyboard navigation in that panel: the arrows move between its pickers, "
               "buttons and fields, Enter presses one or opens a picker (↑ ↓ and Enter choose), "
               "Ctrl+Tab goes to another panel, Esc leaves"},
    KeyBinding{"Ctrl+O", "anywhere", "File > Open... (the Files dialog)"},
    KeyBinding{"Ctrl+1 to Ctrl+9", "anywhere",
               "opens the first to the ninth file of File > Recent"},
    KeyBinding{"Ctrl+D", "anywhere, a replay open",
               "runs the diff with the Diff panel's B and policy (Diff > Run diff; the pickers "
               "are the Diff menu's B and Policy)"},
    KeyBinding{"F1, ?", "anywhere (? not in a text field)",
               "shows / hides the list of every key (this table)"},
    KeyBinding{"Esc", "the list of keys", "hides it"},
    KeyBinding{"F5", "Play panel, Take command", "play from the position shown"},
    KeyBinding{"1 to 9, 0", "Play panel, your turn",
               "selects / unselects card 1 to 10 of your hand; while a card of it is to be "
               "chosen, chooses it"},
    KeyBinding{"Shift+1 to Shift+9", "same", "card 11 to 19"},
    KeyBinding{"Enter", "same", "discards the selected card"},
    KeyBinding{"D", "same", "makes the first declaration offered for the selected cards"},
    KeyBinding{"Backspace", "same", "clears the selection"},
    KeyBinding{"Ctrl+Z", "Play panel, a game being played", "undoes your last action"},
    KeyBinding{"Ctrl+S", "Variant editor",
               "save the variant (it reloads, the replay is re-derived)"},
    KeyBinding{"Esc", "the unsaved-edits prompt, the replay's own-rules prompt", "Cancel"},
    KeyBinding{"Ctrl+Shift+C", "anywhere but a text field", "File > Copy position as text"},
    KeyBinding{"Ctrl+Shift+P", "same, a replay open", "File > Save table as PNG"},
    KeyBinding{"Ctrl+Shift+R", "anywhere", "View > Reset layout"},
    KeyBinding{"Ctrl+= (or keypad +), Ctrl+- (or keypad -), Ctrl+0", "anywhere",
               "larger, smaller, default text"},
};

}  // namespace zetema::studio
