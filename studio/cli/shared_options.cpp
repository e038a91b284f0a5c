#include "studio/cli/shared_options.h"

#include <iostream>

#include "engine/bots.h"

namespace zetema::cli {

bool read_bots(const std::string& text, const std::string& command,
               std::vector<std::string>& bots) {
  bots.clear();
  if (text.find_first_not_of(", ") == std::string::npos) {
    std::cerr << "zetema " << command << ": --bots needs at least one bot (" << zetema::bot_list()
              << ")\n";
    return false;
  }
  for (size_t start = 0; start <= text.size();) {
    size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    if (comma > start) bots.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return true;
}

}  // namespace zetema::cli
