#include "support/large_stack.hpp"

#include <pthread.h>

#include <algorithm>
#include <exception>

namespace fx {

namespace {
struct Job {
  const std::function<void()>* work;
  std::exception_ptr error;
};

void* trampoline(void* arg) {
  auto* job = static_cast<Job*>(arg);
  try {
    (*job->work)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}
}  // namespace

void run_with_large_stack(const std::function<void()>& work, size_t stack_bytes) {
  Job job{&work, nullptr};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
                 pthread_create(&thread, &attr, trampoline, &job) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    work();
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

namespace {
uintptr_t find_stack_floor() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  void* low = nullptr;
  size_t size = 0;
  int rc = pthread_attr_getstack(&attr, &low, &size);
  pthread_attr_destroy(&attr);
  if (rc != 0 || low == nullptr || size == 0) return 0;
  return reinterpret_cast<uintptr_t>(low) + std::min<size_t>(size / 4, size_t(256) << 10);
}
}  // namespace

// A thread's stack never moves, and finding it is slow (the main thread's reads
// /proc/self/maps), while an embedding host asks for it at every call.
uintptr_t stack_floor() {
  thread_local const uintptr_t floor = find_stack_floor();
  return floor;
}

}  // namespace fx
