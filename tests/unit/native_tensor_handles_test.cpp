// The references generated code holds (src/native_abi/tensor_handles.cpp), through the C ABI
// that generated code calls: each thread counts its own, in the header while it has claimed the
// header and in its own table while another thread has; a thread's count of live references
// (the entry point's leak check) and fx_rt_tensors_free_all (after a run-time error) see only
// that thread's references, whichever place holds them.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "fluxion/fx_rt.h"
#include "fluxion/runtime/runtime.hpp"

namespace {

using fx::rt::DType;
using fx::rt::Shape;
using fx::rt::Tensor;

// The references on t's header: the runtime's count, which every holder shares.
int64_t references(const Tensor& t) { return t.header()->refcount; }

TEST(NativeTensorHandles, RetainsAndReleasesAreCountedAndGivenBack) {
  Tensor t = Tensor::empty(DType::F64, Shape{3});
  fx_tensor* h = t.header();
  fx_rt_tensor_retain(h);
  fx_rt_tensor_retain(h);
  EXPECT_EQ(fx_rt_tensors_live(), 1);  // one header held
  EXPECT_EQ(references(t), 3);
  fx_rt_tensor_release(h);
  EXPECT_EQ(fx_rt_tensors_live(), 1);
  fx_rt_tensor_release(h);
  EXPECT_EQ(fx_rt_tensors_live(), 0);
  EXPECT_TRUE(t.is_unique());
}

TEST(NativeTensorHandles, FreeAllGivesBackEveryReferenceOfThisThread) {
  Tensor a = Tensor::empty(DType::F64, Shape{2}), b = Tensor::empty(DType::F64, Shape{5});
  for (int i = 0; i < 3; ++i) fx_rt_tensor_retain(a.header());
  fx_rt_tensor_retain(b.header());
  fx_tensor* number = fx_rt_tensor_of_f64(2.5);  // made for generated code: its only reference
  EXPECT_EQ(fx_rt_tensors_live(), 3);
  (void)number;
  fx_rt_tensors_free_all();  // the number's header goes back to the storage cache
  EXPECT_EQ(fx_rt_tensors_live(), 0);
  EXPECT_TRUE(a.is_unique());
  EXPECT_TRUE(b.is_unique());
  // The headers can be counted again afterwards.
  fx_rt_tensor_retain(a.header());
  EXPECT_EQ(fx_rt_tensors_live(), 1);
  fx_rt_tensor_release(a.header());
  EXPECT_EQ(fx_rt_tensors_live(), 0);
}

// A host's tensor held by generated code on two threads at once: the second thread counts in
// its table, and its error gives back only its own references.
TEST(NativeTensorHandles, TwoThreadsHoldingOneTensorEachGiveBackTheirOwn) {
  Tensor t = Tensor::empty(DType::F64, Shape{4});
  fx_tensor* h = t.header();
  fx_rt_tensor_retain(h);  // this thread claims the header
  int64_t live_there = -1, after_free_all = -1, refs_there = -1;
  std::thread other([&] {
    for (int i = 0; i < 3; ++i) fx_rt_tensor_retain(h);
    live_there = fx_rt_tensors_live();
    refs_there = references(t);
    fx_rt_tensors_free_all();  // as after a run-time error on that thread
    after_free_all = fx_rt_tensors_live();
  });
  other.join();
  EXPECT_EQ(live_there, 1);
  EXPECT_EQ(refs_there, 5);
  EXPECT_EQ(after_free_all, 0);
  EXPECT_EQ(references(t), 2);           // this thread's reference is still there
  EXPECT_EQ(fx_rt_tensors_live(), 1);
  fx_rt_tensor_release(h);
  EXPECT_EQ(fx_rt_tensors_live(), 0);
  EXPECT_TRUE(t.is_unique());
}

// The claim passes on: a thread whose references sat in its table while another thread held
// the claim takes the claim once it is free, and its releases empty both places.
TEST(NativeTensorHandles, AClaimGivenUpIsTakenByTheNextThread) {
  Tensor t = Tensor::empty(DType::F64, Shape{4});
  fx_tensor* h = t.header();
  fx_rt_tensor_retain(h);  // this thread's claim
  std::atomic<int> step{0};
  int64_t live_at_end = -1;
  std::thread other([&] {
    fx_rt_tensor_retain(h);  // in that thread's table
    step = 1;
    while (step != 2) std::this_thread::yield();
    fx_rt_tensor_retain(h);   // the claim is free now: taken
    fx_rt_tensor_release(h);  // from the header
    fx_rt_tensor_release(h);  // from the table
    live_at_end = fx_rt_tensors_live();
  });
  while (step != 1) std::this_thread::yield();
  fx_rt_tensor_release(h);  // this thread's count is zero: the claim is given up
  EXPECT_EQ(fx_rt_tensors_live(), 0);
  step = 2;
  other.join();
  EXPECT_EQ(live_at_end, 0);
  EXPECT_TRUE(t.is_unique());
}

// Many threads retaining and releasing one header at once: every count comes back to zero.
TEST(NativeTensorHandles, ConcurrentCountsOfOneHeaderBalance) {
  Tensor t = Tensor::empty(DType::F64, Shape{1});
  fx_tensor* h = t.header();
  std::vector<std::thread> threads;
  std::vector<int64_t> live(4, -1);
  for (int k = 0; k < 4; ++k)
    threads.emplace_back([&, k] {
      for (int i = 0; i < 20000; ++i) {
        fx_rt_tensor_retain(h);
        fx_rt_tensor_retain(h);
        fx_rt_tensor_release(h);
        fx_rt_tensor_release(h);
      }
      live[k] = fx_rt_tensors_live();
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(live, std::vector<int64_t>(4, 0));
  EXPECT_TRUE(t.is_unique());
}

}  // namespace
