// The scripted mode's checks of the keyboard's effects (keyboard.cpp): the
// list of keys, the menu bar driven by keys, which panels are open.
#include "studio/app/script_commands.h"

namespace zetema::studio {

void register_key_checks(ScriptCommands& t) {
  t.add_check("help-open", "help-open true|false: the list of keys (F1, ?) shows",
              [](const Expectation& e) { return e.flag(e.ui.help_open); });
  t.add_check("menu-keyboard", "menu-keyboard true|false: the menu bar has the keyboard",
              [](const Expectation& e) { return e.flag(e.ui.menu_by_key); });
  t.add_check("panel-keyboard", "panel-keyboard true|false: Tab's navigation drives a panel",
              [](const Expectation& e) { return e.flag(e.ui.panel_nav); });
  t.add_check("panel-open", "panel-open PANEL true|false", [](const Expectation& e) {
    std::istringstream in(e.value);
    std::string name, want;
    in >> name >> want;
    const std::optional<Panel> p = panel_named(name);
    if (!p) return "no panel '" + name + "'";
    const bool open = e.ui.open[static_cast<size_t>(*p)];
    return open == (want == "true") ? std::string() : e.fail(open ? "true" : "false");
  });
}

}  // namespace zetema::studio
