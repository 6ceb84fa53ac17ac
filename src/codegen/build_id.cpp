#include "codegen/build_id.hpp"

#include <cstdint>
#include <cstring>
#include <elf.h>
#include <link.h>

namespace fx::codegen {

namespace {

struct Search {
  uintptr_t address;  // of a function of this binary
  std::string id;
};

// The NT_GNU_BUILD_ID note in the PT_NOTE segment at `notes`, or "".
std::string build_id_note(const unsigned char* notes, size_t size) {
  static const char* hex = "0123456789abcdef";
  size_t at = 0;
  while (at + sizeof(ElfW(Nhdr)) <= size) {
    ElfW(Nhdr) header;
    std::memcpy(&header, notes + at, sizeof header);
    size_t name_at = at + sizeof header;
    size_t desc_at = name_at + ((header.n_namesz + 3) & ~size_t{3});
    size_t next = desc_at + ((header.n_descsz + 3) & ~size_t{3});
    if (next > size) break;
    if (header.n_type == NT_GNU_BUILD_ID && header.n_namesz == 4 && std::memcmp(notes + name_at, "GNU", 4) == 0) {
      std::string id;
      for (size_t i = 0; i < header.n_descsz; ++i) {
        id += hex[notes[desc_at + i] >> 4];
        id += hex[notes[desc_at + i] & 15];
      }
      return id;
    }
    at = next;
  }
  return "";
}

// dl_iterate_phdr's callback: in the loaded object whose segments hold `address`, its build ID.
int find_in_object(dl_phdr_info* info, size_t, void* data) {
  auto* search = static_cast<Search*>(data);
  bool holds = false;
  for (int i = 0; i < info->dlpi_phnum && !holds; ++i) {
    const ElfW(Phdr)& p = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + p.p_vaddr;
    holds = p.p_type == PT_LOAD && search->address >= start && search->address < start + p.p_memsz;
  }
  if (!holds) return 0;
  for (int i = 0; i < info->dlpi_phnum && search->id.empty(); ++i) {
    const ElfW(Phdr)& p = info->dlpi_phdr[i];
    if (p.p_type == PT_NOTE)
      search->id = build_id_note(reinterpret_cast<const unsigned char*>(info->dlpi_addr + p.p_vaddr), p.p_memsz);
  }
  return 1;
}

}  // namespace

std::string own_build_id() {
  static const std::string id = [] {
    Search search{reinterpret_cast<uintptr_t>(&own_build_id), ""};
    dl_iterate_phdr(find_in_object, &search);
    return search.id;
  }();
  return id;
}

}  // namespace fx::codegen
