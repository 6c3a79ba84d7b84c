#include "ir/file_util.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

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

// Creates or truncates `file` and writes `contents`; 0 or the errno.
int WriteAll(const std::string& file, const std::string& contents) {
  std::FILE* f = std::fopen(file.c_str(), "wb");
  if (f == nullptr) return errno;
  int err = 0;
  if (std::fwrite(contents.data(), 1, contents.size(), f) != contents.size()) {
    err = errno != 0 ? errno : EIO;
  }
  if (std::fclose(f) != 0 && err == 0) err = errno != 0 ? errno : EIO;
  return err;
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
  // A device or a pipe (`-o /dev/null`, a FIFO) is written in place: a
  // rename would replace it with a regular file.
  struct stat st;
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    int err = WriteAll(path, contents);
    return err == 0 ? absl::OkStatus() : FileError(path, "cannot write", err);
  }
  // The pid keeps concurrent writers of the same target apart; the rename
  // makes the target appear complete or not at all.
  const std::string tmp = absl::StrCat(path, ".tmp.", getpid());
  int err = WriteAll(tmp, contents);
  if (err == 0 && std::rename(tmp.c_str(), path.c_str()) != 0) err = errno;
  if (err != 0) {
    std::remove(tmp.c_str());
    return FileError(path, "cannot write", err);
  }
  return absl::OkStatus();
}

absl::Status CreateDirectories(const std::string& dir, absl::string_view what) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (!error) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("error: cannot create ", what, ": ", error.message()));
}

}  // namespace ptoc
