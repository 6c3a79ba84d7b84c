#include "ir/file_util.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace ptoc {
namespace {

absl::Status FileError(const std::string& path, absl::string_view what, int err) {
  return absl::InvalidArgumentError(
      absl::StrCat(path, ": error: ", what, ": ", std::strerror(err)));
}

// Reads `f` to its end; false (with errno set) on a read error, including
// reading a directory.
bool ReadAll(std::FILE* f, std::string* out) {
  char buffer[1 << 16];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof(buffer), f)) > 0) out->append(buffer, n);
  return !std::ferror(f);
}

}  // namespace

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::string contents;
  if (path == "-") {
    if (!ReadAll(stdin, &contents)) return FileError("<stdin>", "cannot read", errno);
    return contents;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return FileError(path, "cannot open", errno);
  bool ok = ReadAll(f, &contents);
  int err = errno;
  std::fclose(f);
  if (!ok) return FileError(path, "cannot read", err);
  return contents;
}

absl::Status WriteFileAtomically(const std::string& path, const std::string& contents) {
  if (path == "-") {
    if (std::fwrite(contents.data(), 1, contents.size(), stdout) != contents.size() ||
        std::fflush(stdout) != 0) {
      return FileError("<stdout>", "cannot write", errno);
    }
    return absl::OkStatus();
  }
  // The pid keeps concurrent writers of the same target apart; the rename
  // makes the target appear complete or not at all.
  const std::string tmp = absl::StrCat(path, ".tmp.", getpid());
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (f == nullptr) return FileError(path, "cannot write", errno);
  bool ok = std::fwrite(contents.data(), 1, contents.size(), f) == contents.size();
  int err = errno;
  if (std::fclose(f) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && std::rename(tmp.c_str(), path.c_str()) != 0) {
    ok = false;
    err = errno;
  }
  if (!ok) {
    std::remove(tmp.c_str());
    return FileError(path, "cannot write", err);
  }
  return absl::OkStatus();
}

}  // namespace ptoc
