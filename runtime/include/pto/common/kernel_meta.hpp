// The launch a kernel declares: PTO_SYNCALL_MIX_AIC_KERNEL_META(entry, 1, N)
// tags the entry of a mix task that starts 1 AIC with N AIV subblocks. On the
// device it is a record in the kernel's `.ascend.meta` section; the
// simulator takes the launch from its own flags, so here it only checks its
// arguments are constants.
#ifndef PTO_COMMON_KERNEL_META_HPP_
#define PTO_COMMON_KERNEL_META_HPP_

#define PTO_SYNCALL_MIX_AIC_KERNEL_META(kernelName, aicRatio, aivRatio) \
  static_assert((aicRatio) >= 0 && (aivRatio) >= 0, "launch ratio of " #kernelName)

#endif  // PTO_COMMON_KERNEL_META_HPP_
