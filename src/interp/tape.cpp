// Persistent stacks over packed tapes (value.hpp, TapeObj and ListObj).
#include <algorithm>
#include <cstdlib>
#include <new>

#include "interp/value.hpp"

namespace fx::interp {

TapeObj::~TapeObj() {
  for (size_t i = 0; i < count_ * width_; ++i) cells_[i].~Value();
  std::free(cells_);
}

void TapeObj::surrender(Reaper& r) {
  for (size_t i = 0; i < count_ * width_; ++i) r.take(cells_[i]);
}

bool TapeObj::fits(const Value& v) const {
  switch (form_) {
    case Form::Empty: return false;
    case Form::Closure: {
      if (v.kind() != Kind::Explicit) return false;
      const ExplicitObj& c = v.as_explicit();
      return c.code == code_ && c.env.kind() == Kind::Tuple && c.env.items().size() == width_;
    }
    case Form::Tuple: return v.kind() == Kind::Tuple && v.items().size() == width_;
    case Form::Boxed: return true;
  }
  return false;
}

// Room for `entries` entries. Values hold no pointers into themselves, so realloc may move
// them bytewise (and moves a large block by remapping its pages, without a copy).
void TapeObj::reserve(size_t entries) {
  if (entries <= capacity_) return;
  const size_t cap = std::max({entries, 2 * capacity_, size_t(8)});
  if (width_ > 0) {
    void* p = std::realloc(static_cast<void*>(cells_), cap * width_ * sizeof(Value));
    if (!p) throw std::bad_alloc();
    cells_ = static_cast<Value*>(p);
  }
  capacity_ = cap;
}

// From here on every entry is one boxed cell: an entry of another form was pushed.
void TapeObj::box_all() {
  std::vector<Value> boxed;
  boxed.reserve(count_);
  for (size_t i = 0; i < count_; ++i) boxed.push_back(get(i));
  for (size_t i = 0; i < count_ * width_; ++i) cells_[i].~Value();
  std::free(cells_);
  cells_ = nullptr;
  capacity_ = 0;
  form_ = Form::Boxed;
  code_ = nullptr;
  width_ = 1;
  const size_t n = count_;
  count_ = 0;
  reserve(n);
  for (Value& v : boxed) new (cells_ + count_++) Value(std::move(v));
}

void TapeObj::push(const Value& v) {
  if (form_ == Form::Empty) {
    if (v.kind() == Kind::Explicit && v.as_explicit().env.kind() == Kind::Tuple) {
      form_ = Form::Closure;
      code_ = v.as_explicit().code;
      width_ = v.as_explicit().env.items().size();
    } else if (v.kind() == Kind::Tuple) {
      form_ = Form::Tuple;
      width_ = v.items().size();
    } else {
      form_ = Form::Boxed;
      width_ = 1;
    }
    // A counted loop's tape, laid out once; beyond 1 GiB it grows as it fills instead, so
    // that a loop stopped early by an error or a limit has not claimed it all up front.
    if (planned_ > count_ + 1 && width_ > 0)
      reserve(std::min(planned_, (size_t(1) << 30) / (width_ * sizeof(Value))));
  } else if (!fits(v)) {
    box_all();
  }
  reserve(count_ + 1);
  Value* at = cells_ + count_ * width_;
  if (form_ == Form::Boxed) {
    new (at) Value(v);
  } else {
    const Value& items = form_ == Form::Closure ? v.as_explicit().env : v;
    for (size_t k = 0; k < width_; ++k) new (at + k) Value(items.items()[k]);
  }
  ++count_;
}

Value TapeObj::get(size_t i) const {
  const Value* at = cells_ + i * width_;
  if (form_ == Form::Boxed) return *at;
  Value items = Value::tuple(std::vector<Value>(at, at + width_));
  return form_ == Form::Closure ? Value::explicit_closure(code_, std::move(items)) : items;
}

void ListObj::surrender(Reaper& r) { r.take(tape); }

Value list_push(const Value& list, const Value& v) {
  const ListObj& l = list.as_list();
  Ref<TapeObj> tape = l.tape;
  if (!tape || l.size != tape->count()) {  // not the tape's longest stack: copy its entries
    Ref<TapeObj> copy(new TapeObj());
    for (size_t i = 0; i < l.size; ++i) copy->push(tape->get(i));
    tape = std::move(copy);
  }
  tape->push(v);
  return Value::list(Ref<ListObj>(new ListObj(std::move(tape), l.size + 1)));
}

Value list_top(const ListObj& l) { return l.tape->get(l.size - 1); }

Value list_pop(const ListObj& l) { return Value::list(Ref<ListObj>(new ListObj(l.tape, l.size - 1))); }

std::vector<Value> list_items(const ListObj& l) {
  std::vector<Value> items;
  items.reserve(l.size);
  for (size_t i = l.size; i-- > 0;) items.push_back(l.tape->get(i));
  return items;
}

Value list_of(std::vector<Value> items) {
  if (items.empty()) return Value::list(Ref<ListObj>(new ListObj()));
  Ref<TapeObj> tape(new TapeObj());
  for (size_t i = items.size(); i-- > 0;) tape->push(items[i]);
  return Value::list(Ref<ListObj>(new ListObj(std::move(tape), items.size())));
}

}  // namespace fx::interp
