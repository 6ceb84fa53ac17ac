/* The C layout of a tensor, shared by the C++ runtime and (later) generated C code.
 *
 * One header per tensor value. An owning header is followed, in the same allocation, by its
 * contiguous row-major storage; that block comes from the runtime's storage cache and goes back
 * to it when the count reaches zero, so owning headers are made by the runtime only (Tensor::empty
 * and friends; generated code calls them too). A view header (transpose, strided slice, broadcast) points into
 * the storage of its owner (`base`) and keeps that owner alive through its reference count.
 * Storage the runtime does not own (an embedding host's array, Tensor::borrow) is seen through a
 * view whose `base` is an anchor header with no storage of its own (nbytes -1, data NULL).
 * A value may be updated in place exactly when its header has refcount 1 and owns its storage:
 * then nobody else can observe the write (see fx::rt::Tensor::is_unique). */
#ifndef FLUXION_RUNTIME_TENSOR_ABI_H
#define FLUXION_RUNTIME_TENSOR_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FX_MAX_RANK = 8 };

typedef enum fx_dtype { FX_F64 = 0, FX_F32 = 1, FX_I64 = 2, FX_BOOL = 3 } fx_dtype;

typedef struct fx_tensor {
  int64_t refcount;              /* handles and views holding this header; updated atomically */
  int32_t dtype;                 /* an fx_dtype */
  int32_t rank;                  /* 0 (a scalar tensor) .. FX_MAX_RANK */
  int64_t size;                  /* number of elements: the product of shape[0..rank) */
  int64_t shape[FX_MAX_RANK];    /* unused entries are 0 */
  int64_t strides[FX_MAX_RANK];  /* in elements, may be negative (reversed slices) or 0 (broadcast) */
  void* data;                    /* the element at index (0, ..., 0) */
  struct fx_tensor* base;        /* owner of the storage for a view; NULL when this header owns it */
  int64_t nbytes;                /* bytes of storage owned by this header (0 for a view, -1 for an anchor) */
  /* The references that generated code holds, counted by one thread at a time in the header
   * itself (src/native_abi/tensor_handles.cpp), so that a retain or release of generated code
   * touches only the header it counts. The runtime's C++ code leaves them alone; they are 0 in
   * a new header. */
  uint32_t holder;               /* the counting thread's number (atomically claimed), 0 when none */
  uint32_t held;                 /* the references that thread's generated code holds */
  uint32_t held_at;              /* where the header is in that thread's list of held headers */
  uint32_t held_flags;           /* FX_HELD_NUMBER: that thread's interpreter view is a number */
} fx_tensor;

enum { FX_HELD_NUMBER = 1 };

#ifdef __cplusplus
}
#endif

#endif /* FLUXION_RUNTIME_TENSOR_ABI_H */
