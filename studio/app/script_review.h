// The scripted mode's commands and expectations for the bots' analyses:
// the evaluation line and the Lab's strength ladder (docs/studio.md lists
// them). Kept apart from script.cpp's others.
#pragma once

#include <optional>
#include <sstream>
#include <string>

#include "studio/app/ui.h"

namespace zetema::studio {

// nullopt: not one of these; else "" when done, or why not.
std::optional<std::string> run_review_command(const std::string& cmd, std::istringstream& args,
                                              Session& s, UiState& ui);
std::optional<std::string> check_review_expectation(const std::string& what,
                                                    const std::string& value, Session& s,
                                                    const UiState& ui);

}  // namespace zetema::studio
