#include "engine/state.h"

#include <algorithm>

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
    case What::Discard:
      return "discard";
    case What::Draw:
      return "draw";
    case What::Emptied:
      return "emptied";
    case What::DropOut:
      return "drop-out";
  }
  return "?";
}

History::~History() {
  // Unlinked one chunk at a time: a long game's list freed by recursion
  // could exhaust the stack.
  std::shared_ptr<Chunk> n = std::move(head_);
  while (n && n.use_count() == 1) {
    std::shared_ptr<Chunk> prev = std::move(n->prev);
    n = std::move(prev);
  }
}

void History::push(HistoryEntry e) {
  const size_t slot = size_ % kChunk;
  if (slot == 0) {
    // A new chunk after the full one (or the first).
    auto next = std::make_shared<Chunk>();
    next->entries[0] = std::move(e);
    next->claimed.store(1, std::memory_order_relaxed);
    next->prev = std::move(head_);
    head_ = std::move(next);
  } else if (uint8_t expected = static_cast<uint8_t>(slot);
             head_->claimed.compare_exchange_strong(expected, static_cast<uint8_t>(slot + 1))) {
    head_->entries[slot] = std::move(e);  // the slot is this history's now
  } else if (head_.use_count() == 1) {
    // The copy that wrote past this history is gone: its slots are free.
    head_->claimed.store(static_cast<uint8_t>(slot + 1), std::memory_order_relaxed);
    head_->entries[slot] = std::move(e);
  } else {
    // Another copy wrote this slot: this history goes on in its own chunk.
    auto own = std::make_shared<Chunk>();
    std::copy_n(head_->entries.begin(), slot, own->entries.begin());
    own->entries[slot] = std::move(e);
    own->claimed.store(static_cast<uint8_t>(slot + 1), std::memory_order_relaxed);
    own->prev = head_->prev;
    head_ = std::move(own);
  }
  ++size_;
}

std::vector<const HistoryEntry*> History::entries() const {
  std::vector<const HistoryEntry*> out(size_);
  size_t end = size_;
  for (const Chunk* c = head_.get(); c; c = c->prev.get()) {
    const size_t first = (end - 1) / kChunk * kChunk;
    for (size_t i = first; i < end; ++i) out[i] = &c->entries[i - first];
    end = first;
  }
  return out;
}

bool operator==(const History& a, const History& b) {
  if (a.size_ != b.size_) return false;
  const History::Chunk* x = a.head_.get();
  const History::Chunk* y = b.head_.get();
  size_t end = a.size_;
  for (; x && x != y; x = x->prev.get(), y = y->prev.get()) {
    const size_t n = end - (end - 1) / History::kChunk * History::kChunk;
    for (size_t i = 0; i < n; ++i) {
      if (!(x->entries[i] == y->entries[i])) return false;
    }
    end -= n;
  }
  return true;
}

}  // namespace zetema
