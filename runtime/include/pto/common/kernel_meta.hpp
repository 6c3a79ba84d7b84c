// The launch a kernel declares: PTO_SYNCALL_MIX_AIC_KERNEL_META(entry, 1, N)
// tags the entry of a mix task that starts 1 AIC with N AIV subblocks. On the
// device it is a record in the kernel's `.ascend.meta` section; here it is
// the constant symbol `ptoc_kernel_meta_<entry>` = {aicRatio, aivRatio} of
// the shared object, which ptoc-run-cpp reads to launch the entry's core
// group (1C:2V when aivRatio is 2).
#ifndef PTO_COMMON_KERNEL_META_HPP_
#define PTO_COMMON_KERNEL_META_HPP_

#define PTO_SYNCALL_MIX_AIC_KERNEL_META(kernelName, aicRatio, aivRatio)                       \
  static_assert((aicRatio) >= 0 && (aivRatio) >= 0, "launch ratio of " #kernelName);          \
  extern "C" const int ptoc_kernel_meta_##kernelName[2] = {(aicRatio), (aivRatio)}

#endif  // PTO_COMMON_KERNEL_META_HPP_
