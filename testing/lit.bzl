"""FileCheck-style tests: one sh_test per test file, running its RUN: lines."""

def lit_tests(name, srcs, tools, data = [], size = "small"):
    """Creates one test per file in `srcs` and a test_suite `name` of them all.

    Args:
      name: name of the test_suite.
      srcs: test files holding `RUN:` and `CHECK` lines.
      tools: binaries the RUN lines call (put on PATH by their names, with
        `_` turned into `-`: //:ptoc is `ptoc`, //passes:insert_comm_fence is
        `insert-comm-fence`).
      data: other files the tests read (expected outputs, inputs).
      size: the Bazel test size.
    """
    tests = []
    for src in srcs:
        test_name = src.replace("/", "_").replace(".", "_")
        native.sh_test(
            name = test_name,
            size = size,
            srcs = ["//testing:lit_runner.sh"],
            args = ["$(location %s)" % src, "--tools"] + ["$(location %s)" % t for t in tools],
            data = [src] + tools + data,
        )
        tests.append(test_name)
    native.test_suite(name = name, tests = tests)

def pass_lit_tests(name, binary):
    """The lit tests of a pass: lit_tests over `testdata/<binary>/*.py`.

    Their RUN lines may call `ptoc` and the pass's own binary, and read the
    example kernels.

    Args:
      name: name of the test_suite.
      binary: the pass's cc_binary in this package, e.g. "insert_comm_fence".
    """
    lit_tests(
        name = name,
        srcs = native.glob(["testdata/%s/*.py" % binary]),
        data = ["//examples:kernels"],
        tools = [
            "//:ptoc",
            ":" + binary,
        ],
    )
