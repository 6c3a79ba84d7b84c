"""Bazel rules for compiling PTO kernels with ptoc.

    load("//:ptoc.bzl", "ptoc_kernel", "ptoc_sim_test")

    ptoc_kernel(
        name = "ring_allreduce",
        src = "ring_allreduce.py",
        backend = "a2a3",
        options = {"insert-comm-fence": ["--narrow-regions"]},
    )

Every pipeline step is its own action with declared inputs and outputs, so a
shared remote cache (`--remote_cache=`) serves each step to every team that
builds the same kernel, and any remote-execution service can run it:

    NAME.parsed.pb      ptoc-parse
    NAME.<step>.pb      one per pass: tiled (convert-tensor-to-tile-ops),
                        memory (infer-tile-memory-space),
                        expanded (expand-mixed-kernel),
                        fenced (insert-comm-fence), checked
                        (check-comm-contract); other passes by their name
    NAME.pto, NAME.cpp  ptoc-codegen

Each is a label users can build and dump (`ptoc-print NAME.fenced.pb`).
The tools are built in the target configuration (this machine is host,
exec and target alike; an exec configuration compiled them a second time),
and every action also takes the stamp of the system library versions
(//third_party:system_versions, read on the machine running the build) so a
cache shared across machines never serves a result built against others.
"""

DEFAULT_PASSES = [
    "flatten-kernel-scopes",
    "convert-tensor-to-tile-ops",
    "lower-batch-matmul",
    "lower-composite-ops",
    "infer-tile-memory-space",
    "canonicalize-tile-slice",
    "expand-mixed-kernel",
    "stamp-tfree-split",
    "hoist-output-returns",
    "insert-comm-fence",
    "check-comm-contract",
    "materialize-aiv-lanes",
]

# The file-name segment of each pass's output.
_STEP_SUFFIX = {
    "flatten-kernel-scopes": "flat",
    "convert-tensor-to-tile-ops": "tiled",
    "lower-batch-matmul": "unbatched",
    "lower-composite-ops": "lowered",
    "infer-tile-memory-space": "memory",
    "canonicalize-tile-slice": "canonical",
    "expand-mixed-kernel": "expanded",
    "stamp-tfree-split": "stamped",
    "insert-comm-fence": "fenced",
    "check-comm-contract": "checked",
    "hoist-output-returns": "hoisted",
    "materialize-aiv-lanes": "materialized",
}

_STAMP = "//third_party:system_versions"

def _ptoc_step_impl(ctx):
    args = ctx.actions.args()
    args.add(ctx.file.src)
    args.add("-o", ctx.outputs.out)
    args.add_all(ctx.attr.flags)
    ctx.actions.run(
        executable = ctx.executable.tool,
        arguments = [args],
        inputs = [ctx.file.src, ctx.file.stamp],
        outputs = [ctx.outputs.out],
        mnemonic = ctx.attr.mnemonic,
        progress_message = "ptoc %s %s" % (ctx.attr.step, ctx.outputs.out.short_path),
    )
    return [DefaultInfo(files = depset([ctx.outputs.out]))]

_ptoc_step = rule(
    implementation = _ptoc_step_impl,
    attrs = {
        "src": attr.label(allow_single_file = True, mandatory = True),
        "out": attr.output(mandatory = True),
        "tool": attr.label(executable = True, cfg = "target", mandatory = True),
        "flags": attr.string_list(),
        "step": attr.string(mandatory = True),
        "mnemonic": attr.string(mandatory = True),
        "stamp": attr.label(allow_single_file = True, default = _STAMP),
    },
)

def _pass_tool(pass_name):
    return "//passes:" + pass_name.replace("-", "_")

def ptoc_kernel(
        name,
        src,
        backend = "a2a3",
        passes = DEFAULT_PASSES,
        options = {},
        allow_unregistered_ops = False,
        visibility = None):
    """Compiles `src` through `passes` to NAME.pto and NAME.cpp.

    Args:
      name: the kernel's name; outputs are NAME.<step>.pb, NAME.pto, NAME.cpp.
      src: the kernel in the text format (.py) or binary IR (.pb).
      backend: a2a3 or a5.
      passes: the pipeline, in order.
      options: extra flags per pass, {"insert-comm-fence": ["--narrow-regions"]};
        a step sees only its own, so changing one pass's options re-runs only
        the steps from that pass on.
      allow_unregistered_ops: keep calls of unknown ops as opaque calls.
      visibility: of every output.
    """
    for pass_name in options:
        if pass_name not in passes:
            fail("options for '%s', which is not in passes %s" % (pass_name, passes))
    parse_flags = ["--allow-unregistered-ops"] if allow_unregistered_ops else []
    previous = name + ".parsed.pb"
    _ptoc_step(
        name = name + "_parse",
        src = src,
        out = previous,
        tool = "//frontend:ptoc_parse",
        flags = parse_flags,
        step = "parse",
        mnemonic = "PtocParse",
        visibility = visibility,
    )
    for pass_name in passes:
        suffix = _STEP_SUFFIX.get(pass_name, pass_name)
        out = "%s.%s.pb" % (name, suffix)
        _ptoc_step(
            name = "%s_%s" % (name, suffix.replace("-", "_")),
            src = previous,
            out = out,
            tool = _pass_tool(pass_name),
            flags = ["--backend=" + backend] + options.get(pass_name, []),
            step = pass_name,
            mnemonic = "PtocPass",
            visibility = visibility,
        )
        previous = out
    for target, ext in [("pto", "pto"), ("cce", "cpp")]:
        _ptoc_step(
            name = "%s_%s" % (name, ext),
            src = previous,
            out = "%s.%s" % (name, ext),
            tool = "//codegen:ptoc_codegen",
            flags = ["--target=" + target],
            step = "codegen-" + target,
            mnemonic = "PtocCodegen",
            visibility = visibility,
        )
    native.filegroup(
        name = name,
        srcs = [name + ".pto", name + ".cpp"],
        visibility = visibility,
    )

def _ptoc_sim_test_impl(ctx):
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    flags = ["--entry=" + ctx.attr.entry, "--ranks=%d" % ctx.attr.ranks,
             "--schedules=%d" % ctx.attr.schedules, "--seed=%d" % ctx.attr.seed]
    for scalar in ctx.attr.scalars:
        flags.append("--scalar=" + scalar)
    flags += ctx.attr.sim_flags
    ctx.actions.write(
        output = script,
        content = "#!/bin/sh\nexec %s %s %s \"$@\"\n" % (
            ctx.executable._sim.short_path,
            ctx.file.kernel.short_path,
            " ".join(["'%s'" % f for f in flags]),
        ),
        is_executable = True,
    )
    runfiles = ctx.runfiles(files = [ctx.file.kernel]).merge(
        ctx.attr._sim[DefaultInfo].default_runfiles,
    )
    return [DefaultInfo(executable = script, runfiles = runfiles)]

ptoc_sim_test = rule(
    implementation = _ptoc_sim_test_impl,
    test = True,
    doc = "Runs a compiled kernel (.pb) on the simulated machine; fails on any finding.",
    attrs = {
        "kernel": attr.label(allow_single_file = [".pb"], mandatory = True),
        "entry": attr.string(mandatory = True),
        "ranks": attr.int(default = 1),
        "schedules": attr.int(default = 50),
        "seed": attr.int(default = 1),
        "scalars": attr.string_list(doc = "NAME=VALUE for scalar parameters"),
        "sim_flags": attr.string_list(),
        "_sim": attr.label(
            default = "//runtime:ptoc_sim",
            executable = True,
            cfg = "target",
        ),
    },
)
