#include "support/large_stack.hpp"

#include <pthread.h>

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

}  // namespace fx
