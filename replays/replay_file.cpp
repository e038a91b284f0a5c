#include "replays/replay_file.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace zetema::replays {

Encoding encoding_for(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  return ext == ".json" ? Encoding::Json : Encoding::Binary;
}

namespace {

// Fault injection for the crash-safety tests: ZETEMA_FAULT_AT_WRITE=K:N
// makes the K-th atomic write of this process kill itself with SIGKILL (the
// signal of kill -9: no handler, no cleanup) after N bytes of its temporary
// file.
size_t fault_after_bytes() {
  static int writes = 0;
  const char* spec = std::getenv("ZETEMA_FAULT_AT_WRITE");
  ++writes;
  if (!spec) return SIZE_MAX;
  int k = 0;
  size_t n = 0;
  if (std::sscanf(spec, "%d:%zu", &k, &n) != 2 || k != writes) return SIZE_MAX;
  return n;
}

// What a non-regular file is, for the message refusing to replace it.
const char* file_kind(mode_t mode) {
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// 64 random bits as hex: the temporary name must not be guessable, or a
// link planted there in advance would receive the bytes.
std::string random_suffix() {
  uint64_t bits = 0;
  if (::getrandom(&bits, sizeof bits, 0) != static_cast<ssize_t>(sizeof bits)) {
    bits = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^
           (static_cast<uint64_t>(::getpid()) << 32);
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(bits));
  return buf;
}

// Creates the temporary file exclusively (never an existing file, never
// through a link): NAME.tmp.PID.RANDOM beside the target. The PID lets the
// studio tell a crashed save's leftover from a live one's.
int create_temporary(const std::string& path, std::string& tmp) {
  for (int attempt = 0; attempt < 16; ++attempt) {
    tmp = path + ".tmp." + std::to_string(::getpid()) + "." + random_suffix();
    const int fd = ::open(tmp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd >= 0 || errno != EEXIST) return fd;
  }
  return -1;
}

// Writes all of `bytes` to `fd`, killing the process after `die_after`
// bytes (the fault injection above, counted by the caller).
std::string write_all(int fd, std::string_view bytes, const std::string& tmp, size_t die_after) {
  size_t done = 0;
  while (done < bytes.size()) {
    if (done >= die_after) ::kill(::getpid(), SIGKILL);
    const size_t chunk = std::min(bytes.size() - done, die_after - done);
    const ssize_t n = ::write(fd, bytes.data() + done, chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      return "cannot write " + tmp + ": " + std::strerror(errno);
    }
    done += static_cast<size_t>(n);
  }
  return {};
}

}  // namespace

std::string replaceable(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return {};
    return "cannot write " + path + ": " + std::strerror(errno);
  }
  if (S_ISREG(st.st_mode)) return {};
  return "refusing to write " + path + ": it is " + file_kind(st.st_mode) +
         ", and a save only ever replaces a regular file";
}

namespace {

// A missing folder is made, as `mkdir -p` would ("--record golden/1.json").
std::string make_folder_of(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
    std::filesystem::create_directories(folder, ec);
    if (ec) return "cannot create the folder " + folder.string() + ": " + ec.message();
  }
  return {};
}

}  // namespace

AtomicFile::~AtomicFile() {
  if (fd_ < 0) return;
  ::close(fd_);
  ::unlink(tmp_.c_str());
}

std::string AtomicFile::open(const std::string& path) {
  path_ = path;
  if (std::string why = make_folder_of(path); !why.empty()) return why;
  if (std::string why = replaceable(path); !why.empty()) return why;
  fd_ = create_temporary(path, tmp_);
  if (fd_ < 0) return "cannot write " + path + ": " + std::strerror(errno);
  // An existing file keeps its permissions.
  struct stat old {};
  if (::lstat(path.c_str(), &old) == 0 && S_ISREG(old.st_mode)) ::fchmod(fd_, old.st_mode & 07777);
  die_after_ = fault_after_bytes();
  return {};
}

void AtomicFile::write(std::string_view bytes) {
  buffer_.append(bytes);
  // Large pieces keep the system calls few; the cap keeps memory flat.
  if (buffer_.size() >= (1u << 16)) flush();
}

void AtomicFile::flush() {
  if (error_.empty() && fd_ >= 0) {
    // The fault injection counts the bytes of the whole file.
    const size_t left = die_after_ > written_ ? die_after_ - written_ : 0;
    error_ = write_all(fd_, buffer_, tmp_, left);
    written_ += buffer_.size();
  }
  buffer_.clear();
}

std::string AtomicFile::commit() {
  if (fd_ < 0) return "cannot write " + path_ + ": not open";
  flush();
  std::string why = error_;
  if (why.empty() && ::fsync(fd_) != 0) why = "cannot flush " + tmp_ + ": " + std::strerror(errno);
  if (::close(fd_) != 0 && why.empty()) why = "cannot flush " + tmp_ + ": " + std::strerror(errno);
  fd_ = -1;
  // Checked again just before the rename: what appeared meanwhile is not
  // replaced either (rename itself never follows a link at the target).
  if (why.empty()) why = replaceable(path_);
  if (why.empty() && std::rename(tmp_.c_str(), path_.c_str()) != 0)
    why = "cannot rename " + tmp_ + " to " + path_ + ": " + std::strerror(errno);
  if (!why.empty()) {
    ::unlink(tmp_.c_str());
    return why;
  }
  // Flush the folder too, so the rename itself survives a power cut.
  const std::filesystem::path folder = std::filesystem::path(path_).parent_path();
  const std::string dir = folder.empty() ? "." : folder.string();
  if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return {};
}

std::string write_file_atomically(const std::string& path, const std::string& bytes) {
  AtomicFile file;
  if (std::string why = file.open(path); !why.empty()) return why;
  file.write(bytes);
  return file.commit();
}

std::FILE* scratch_file_beside(const std::string& path, std::string& why) {
  if (why = make_folder_of(path); !why.empty()) return nullptr;
  std::string name;
  const int fd = create_temporary(path + ".scratch", name);
  std::FILE* f = fd >= 0 ? ::fdopen(fd, "w+b") : nullptr;
  if (!f) {
    why = "cannot make a scratch file beside " + path + ": " + std::strerror(errno);
    if (fd >= 0) ::close(fd);
  }
  if (fd >= 0) ::unlink(name.c_str());
  return f;
}

std::string save_replay(const std::string& path, const Replay& r, Encoding e) {
  const std::string bytes = encode(r, e);
  // The writer never writes what the reader refuses: the bytes are read
  // back first (a game longer than a replay holds, say).
  if (const Decoded back = decode(bytes); !back.ok)
    return "not saving " + path + ": the replay would not load (" + back.error + ")";
  return write_file_atomically(path, bytes);
}

std::string save_replay(const std::string& path, const Replay& r) {
  return save_replay(path, r, encoding_for(path));
}

std::string read_file_bounded(const std::string& path, std::string& bytes) {
  // Non-blocking, so a FIFO named as a replay cannot hang the open; then
  // only a regular file is read, and never more than the cap.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    return "cannot read " + path + ": " + std::strerror(errno);
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    const std::string why =
        S_ISREG(st.st_mode) ? std::strerror(errno)
                            : std::string("it is ") + file_kind(st.st_mode) + ", not a replay file";
    ::close(fd);
    return "cannot read " + path + ": " + why;
  }
  const auto size = static_cast<uint64_t>(st.st_size);
  if (size > kMaxFileBytes) {
    ::close(fd);
    return path + " is " + std::to_string(size) + " bytes; replays are at most " +
           std::to_string(kMaxFileBytes) + " bytes (" + std::to_string(kMaxFileBytes >> 20) +
           " MiB)";
  }
  bytes.assign(static_cast<size_t>(size), '\0');
  size_t got = 0;
  while (got < bytes.size()) {
    const ssize_t n = ::read(fd, bytes.data() + got, bytes.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  if (got != bytes.size()) {
    return "cannot read " + path + " (it changed while being read)";
  }
  return "";
}

Decoded load_replay(const std::string& path) {
  Decoded out;
  std::string bytes;
  out.error = read_file_bounded(path, bytes);
  if (!out.error.empty()) return out;
  return decode(bytes);
}

}  // namespace zetema::replays
