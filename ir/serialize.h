// The in-memory IR <-> ptoc.ir.Program (ir/ir.proto), in binary, text
// proto and JSON form. Loading a file of either kind: frontend/load_program.h.
#ifndef PTOC_IR_SERIALIZE_H_
#define PTOC_IR_SERIALIZE_H_

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/ir.h"
#include "ir/ir.pb.h"

namespace ptoc {

ir::Program ToProto(const Program& program);
// Rebuilds the typed IR. Rejects structurally broken messages (a var id
// that does not exist, a missing required field, an unset oneof) with a
// diagnostic; semantic checks are the verifier's.
absl::StatusOr<std::unique_ptr<Program>> FromProto(const ir::Program& proto);

// Deterministic binary serialization (same IR -> same bytes).
std::string SerializeProgram(const Program& program);
absl::StatusOr<std::unique_ptr<Program>> DeserializeProgram(
    absl::string_view bytes, absl::string_view filename);

enum class TextProtoFormat { kTextProto, kJson };
std::string ProgramToTextProto(const Program& program, TextProtoFormat format);

}  // namespace ptoc

#endif  // PTOC_IR_SERIALIZE_H_
