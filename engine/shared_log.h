// A persistent log of entries shared between copies of a State
// (engine/state.h: the history hooks read): a list of chunks, so copying a
// State (as every action that may call a hook does) shares the log instead
// of copying it, and an entry added to one copy is never seen by another.
// An entry is written into the last chunk in place when no copy has written
// that slot yet (each slot is claimed once, atomically); else the chunk's
// earlier entries are copied into a new chunk. So most entries cost no
// allocation.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace zetema {

template <class Entry, size_t kChunk>
class SharedLog {
  static_assert(kChunk <= UINT8_MAX, "slots are claimed in a byte");

 public:
  SharedLog() = default;
  SharedLog(const SharedLog&) = default;
  SharedLog(SharedLog&&) = default;
  SharedLog& operator=(const SharedLog&) = default;
  SharedLog& operator=(SharedLog&&) = default;
  ~SharedLog() {
    // Unlinked one chunk at a time: a long game's list freed by recursion
    // could exhaust the stack.
    std::shared_ptr<Chunk> n = std::move(head_);
    while (n && n.use_count() == 1) {
      std::shared_ptr<Chunk> prev = std::move(n->prev);
      n = std::move(prev);
    }
  }

  void push(const Entry& e);
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::vector<const Entry*> entries() const;  // oldest first

  friend bool operator==(const SharedLog& a, const SharedLog& b) {  // by content
    if (a.size_ != b.size_) return false;
    const Chunk* x = a.head_.get();
    const Chunk* y = b.head_.get();
    size_t end = a.size_;
    for (; x && x != y; x = x->prev.get(), y = y->prev.get()) {
      const size_t n = end - (end - 1) / kChunk * kChunk;
      for (size_t i = 0; i < n; ++i) {
        if (!(x->entries[i] == y->entries[i])) return false;
      }
      end -= n;
    }
    return true;
  }

 private:
  struct Chunk {
    std::array<Entry, kChunk> entries;
    std::atomic<uint8_t> claimed{0};  // slots some log has written
    std::shared_ptr<Chunk> prev;      // the full chunk before
  };
  std::shared_ptr<Chunk> head_;  // the chunk of the newest entry
  size_t size_ = 0;
};

template <class Entry, size_t kChunk>
void SharedLog<Entry, kChunk>::push(const Entry& e) {
  const size_t slot = size_ % kChunk;
  if (slot == 0) {
    // A new chunk after the full one (or the first).
    auto next = std::make_shared<Chunk>();
    next->entries[0] = e;
    next->claimed.store(1, std::memory_order_relaxed);
    next->prev = std::move(head_);
    head_ = std::move(next);
  } else if (head_.use_count() == 1) {
    // No copy shares the chunk (a chunk not full is nobody's `prev`), or
    // the copy that wrote past this log is gone: its slots are free. Asked
    // first: a game's own log is alone nearly always, and then needs no
    // atomic exchange.
    head_->claimed.store(static_cast<uint8_t>(slot + 1), std::memory_order_relaxed);
    head_->entries[slot] = e;
  } else if (uint8_t expected = static_cast<uint8_t>(slot);
             head_->claimed.compare_exchange_strong(expected, static_cast<uint8_t>(slot + 1))) {
    head_->entries[slot] = e;  // the slot is this log's now
  } else {
    // Another copy wrote this slot: this log goes on in its own chunk.
    auto own = std::make_shared<Chunk>();
    std::copy_n(head_->entries.begin(), slot, own->entries.begin());
    own->entries[slot] = e;
    own->claimed.store(static_cast<uint8_t>(slot + 1), std::memory_order_relaxed);
    own->prev = head_->prev;
    head_ = std::move(own);
  }
  ++size_;
}

template <class Entry, size_t kChunk>
std::vector<const Entry*> SharedLog<Entry, kChunk>::entries() const {
  std::vector<const Entry*> out(size_);
  size_t end = size_;
  for (const Chunk* c = head_.get(); c; c = c->prev.get()) {
    const size_t first = (end - 1) / kChunk * kChunk;
    for (size_t i = first; i < end; ++i) out[i] = &c->entries[i - first];
    end = first;
  }
  return out;
}

}  // namespace zetema
