// Runs work on a thread with a large stack. The front end and the interpreter are
// recursive; a big stack lets the explicit depth limits (not the OS) decide when
// a program is too deep, so deep input gives a located error instead of a crash.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>

namespace fx {

// Runs `work` on a new thread with `stack_bytes` of stack and waits for it. Exceptions
// thrown by `work` are rethrown in the caller. Falls back to the calling thread if a
// thread cannot be created.
void run_with_large_stack(const std::function<void()>& work, size_t stack_bytes = size_t(1) << 30);

// The lowest stack address deep recursion on this thread may reach: the end of its stack plus a
// margin for the error path (a quarter of the stack, at most 256 KiB); 0 when unknown. The
// interpreter and native code stop with a located error there. Computed once per thread.
uintptr_t stack_floor();

}  // namespace fx
