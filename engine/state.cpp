#include "engine/state.h"

namespace zetema {

std::string_view to_string(Phase p) {
  switch (p) {
    case Phase::Deal:
      return "deal";
    case Phase::Play:
      return "play";
    case Phase::AfterDeclare:
      return "after-declare";
    case Phase::Chain:
      return "chain";
    case Phase::GameOver:
      return "game-over";
  }
  return "?";
}

std::string_view HistoryEntry::what_name() const {
  switch (what) {
    case What::Declaration:
      return "declaration";
    case What::Zetema:
      return "zetema";
    case What::Award:
      return "award";
  }
  return "?";
}

History::~History() {
  // Unlinked one node at a time: a long game's list freed by recursion could
  // exhaust the stack.
  std::shared_ptr<const Node> n = std::move(head_);
  while (n && n.use_count() == 1) {
    std::shared_ptr<const Node> prev = std::move(n->prev);
    n = std::move(prev);
  }
}

void History::push(HistoryEntry e) {
  head_ = std::make_shared<const Node>(Node{std::move(e), head_});
  ++size_;
}

std::vector<const HistoryEntry*> History::entries() const {
  std::vector<const HistoryEntry*> out(size_);
  size_t i = size_;
  for (const Node* n = head_.get(); n; n = n->prev.get()) out[--i] = &n->entry;
  return out;
}

bool operator==(const History& a, const History& b) {
  if (a.size_ != b.size_) return false;
  const History::Node* x = a.head_.get();
  const History::Node* y = b.head_.get();
  for (; x && x != y; x = x->prev.get(), y = y->prev.get()) {
    if (!(x->entry == y->entry)) return false;
  }
  return true;
}

}  // namespace zetema
