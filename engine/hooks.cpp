#include "engine/hooks.h"

namespace zetema {

std::string_view hook_name(Hook h) {
  static constexpr std::string_view kNames[kHooks] = {
      "score_declaration", "score_marriages", "score_zetema", "allow_declaration", "after_zetema",
      "hand_over",         "game_over",       "flow_step",    "allow_discard",     "score_hand_end",
      "game_start",        "after_deal",      "turn_start",   "stock_empty"};
  return kNames[static_cast<int>(h)];
}

std::string_view to_string(ScriptError::Kind k) {
  switch (k) {
    case ScriptError::Kind::Syntax:
      return "syntax";
    case ScriptError::Kind::Runtime:
      return "runtime";
    case ScriptError::Kind::Budget:
      return "budget";
    case ScriptError::Kind::Memory:
      return "memory";
    case ScriptError::Kind::Load:
      return "load";
    case ScriptError::Kind::Deadline:
      return "deadline";
    case ScriptError::Kind::Interrupted:
      return "interrupted";
    case ScriptError::Kind::Limit:
      return "limit";
  }
  return "?";
}

std::string ScriptError::describe() const {
  std::string where = file.empty() ? "<variant>" : file;
  if (line > 0) where += ":" + std::to_string(line);
  return where + ": " + std::string(to_string(kind)) + " error: " + message;
}

}  // namespace zetema
