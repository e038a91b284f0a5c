#include "replays/replay_file.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>

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

}  // namespace

std::string write_file_atomically(const std::string& path, const std::string& bytes) {
  const size_t die_after = fault_after_bytes();
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  // A missing folder is made, as `mkdir -p` would ("--record golden/1.json").
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!folder.empty() && !std::filesystem::is_directory(folder, ec)) {
    std::filesystem::create_directories(folder, ec);
    if (ec) return "cannot create the folder " + folder.string() + ": " + ec.message();
  }
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return "cannot write " + path + ": " + std::strerror(errno);
  size_t done = 0;
  while (done < bytes.size()) {
    if (done >= die_after) ::kill(::getpid(), SIGKILL);
    const size_t chunk = std::min(bytes.size() - done, die_after - done);
    const ssize_t n = ::write(fd, bytes.data() + done, chunk);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string why = std::strerror(errno);
      ::close(fd);
      ::unlink(tmp.c_str());
      return "cannot write " + tmp + ": " + why;
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    return "cannot flush " + tmp + ": " + why;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    return "cannot rename " + tmp + " to " + path + ": " + why;
  }
  // Flush the folder too, so the rename itself survives a power cut.
  std::string dir = std::filesystem::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  if (const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return {};
}

std::string save_replay(const std::string& path, const Replay& r, Encoding e) {
  return write_file_atomically(path, encode(r, e));
}

std::string save_replay(const std::string& path, const Replay& r) {
  return save_replay(path, r, encoding_for(path));
}

std::string read_file_bounded(const std::string& path, std::string& bytes) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return "cannot read " + path + ": " + ec.message();
  if (size > kMaxFileBytes) {
    return path + " is " + std::to_string(size) + " bytes; replays are at most " +
           std::to_string(kMaxFileBytes);
  }
  std::ifstream in(path, std::ios::binary);
  bytes.assign(static_cast<size_t>(size), '\0');
  if (!in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()))) {
    return "cannot read " + path;
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
