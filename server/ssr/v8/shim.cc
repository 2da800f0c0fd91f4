// The V8 render engine's C++ side: the smallest surface of V8's C++ API that the Rust code in
// mod.rs needs, behind a C ABI (V8's API is C++ templates and handles; Rust cannot call it).
//
// V8 comes from Debian's libnode (Node.js 18 as a shared library, V8 10.2), which exports V8's
// API. Only plain V8 is started: no `node::` initialisation, so nothing parses argv or installs
// signal handlers in the server process.
//
// Each `mv8_engine` is one isolate with one context in which the server bundle has run. Every
// entry point takes the isolate's `v8::Locker`, so an engine may be used from any thread, one at
// a time (the pool keeps each on its own worker thread). The render deadline is enforced from
// another thread with `mv8_terminate` (TerminateExecution); the heap limit by a near-heap-limit
// callback that terminates the render and reports it, so the Rust side replaces the isolate.
//
// Do not define V8_COMPRESS_POINTERS or V8_ENABLE_SANDBOX: Debian's build has both off, and the
// headers must describe the library exactly (V8::Initialize checks this and aborts otherwise).

#include <libplatform/libplatform.h>
#include <v8.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

extern "C" {

/// Bytes allocated with malloc by the shim; the caller frees them with mv8_bytes_free.
struct mv8_bytes {
  char* data;
  size_t len;
};

/// Host logging (console.* through the bundle's polyfill): level and text, both UTF-8.
typedef void (*mv8_log_fn)(const char* level, size_t level_len, const char* text, size_t text_len);

enum mv8_status {
  MV8_OK = 0,
  MV8_ERROR = 1,       // the script threw, or the render failed (message in `out`)
  MV8_TERMINATED = 2,  // stopped by mv8_terminate or by the deadline
  MV8_HEAP_LIMIT = 3,  // stopped because the isolate reached its heap limit
};

}  // extern "C"

namespace {

// Never freed: isolates and V8's worker threads may still be running while the process exits,
// and a static destructor tearing the platform down under them crashes the exit.
v8::Platform* g_platform = nullptr;
mv8_log_fn g_log = nullptr;
std::once_flag g_init_once;

/// Heap room granted past the limit so that a terminated render can unwind instead of hitting
/// V8's fatal out-of-memory error (which would abort the whole process).
constexpr size_t kHeapGrace = 64 * 1024 * 1024;
/// Two 8 MB semi-spaces plus the new large-object space (V8 sizes it like one semi-space).
constexpr size_t kYoungGeneration = 3 * 8 * 1024 * 1024;

struct Engine {
  v8::Isolate* isolate = nullptr;
  v8::ArrayBuffer::Allocator* allocator = nullptr;
  v8::Global<v8::Context> context;
  v8::Global<v8::Function> render;
  // The bundle as compiled in this isolate, kept for mv8_code_cache.
  v8::Global<v8::UnboundScript> script;
  std::atomic<bool> heap_exceeded{false};
  size_t heap_limit = 0;
};

void set_bytes(mv8_bytes* out, const char* data, size_t len) {
  if (out == nullptr) return;
  out->data = static_cast<char*>(std::malloc(len + 1));
  if (out->data == nullptr) {
    out->len = 0;
    return;
  }
  std::memcpy(out->data, data, len);
  out->data[len] = '\0';
  out->len = len;
}

void set_text(mv8_bytes* out, const std::string& text) { set_bytes(out, text.data(), text.size()); }

/// A JS value as UTF-8 (invalid surrogates become U+FFFD).
std::string utf8(v8::Isolate* isolate, v8::Local<v8::Value> value) {
  v8::String::Utf8Value text(isolate, value);
  return *text ? std::string(*text, text.length()) : std::string("(valor no convertible a texto)");
}

/// A thrown value as "message\nstack", like the QuickJS engine reports it.
std::string describe(v8::Isolate* isolate, v8::Local<v8::Context> context,
                     v8::Local<v8::Value> exception) {
  if (exception.IsEmpty()) return "excepción sin valor";
  if (exception->IsObject()) {
    v8::TryCatch inner(isolate);
    v8::Local<v8::Object> object = exception.As<v8::Object>();
    v8::Local<v8::Value> stack;
    if (object->Get(context, v8::String::NewFromUtf8Literal(isolate, "stack")).ToLocal(&stack) &&
        stack->IsString()) {
      return utf8(isolate, stack);  // V8's stack starts with "Name: message"
    }
  }
  return utf8(isolate, exception);
}

std::string describe_caught(v8::Isolate* isolate, v8::Local<v8::Context> context,
                            v8::TryCatch& caught) {
  if (!caught.HasCaught()) return "el script falló sin lanzar una excepción";
  return describe(isolate, context, caught.Exception());
}

size_t near_heap_limit(void* data, size_t current_limit, size_t /*initial_limit*/) {
  auto* engine = static_cast<Engine*>(data);
  engine->heap_exceeded.store(true);
  engine->isolate->TerminateExecution();
  return current_limit + kHeapGrace;
}

/// `queueMicrotask(fn)`, which QuickJS has built in and bare V8 lacks (it is a web API).
void queue_microtask(const v8::FunctionCallbackInfo<v8::Value>& info) {
  v8::Isolate* isolate = info.GetIsolate();
  if (info.Length() < 1 || !info[0]->IsFunction()) {
    isolate->ThrowException(v8::Exception::TypeError(
        v8::String::NewFromUtf8Literal(isolate, "queueMicrotask: se esperaba una función")));
    return;
  }
  isolate->EnqueueMicrotask(info[0].As<v8::Function>());
}

/// `performance.now()`: milliseconds since the process started, with a fraction, as QuickJS's.
void performance_now(const v8::FunctionCallbackInfo<v8::Value>& info) {
  static const auto origin = std::chrono::steady_clock::now();
  std::chrono::duration<double, std::milli> since = std::chrono::steady_clock::now() - origin;
  info.GetReturnValue().Set(since.count());
}

void host_log(const v8::FunctionCallbackInfo<v8::Value>& info) {
  if (g_log == nullptr || info.Length() < 2) return;
  v8::Isolate* isolate = info.GetIsolate();
  std::string level = utf8(isolate, info[0]);
  std::string text = utf8(isolate, info[1]);
  g_log(level.data(), level.size(), text.data(), text.size());
}

/// Runs the foreground tasks V8 posted for this isolate (GC finalisation and the like), so they
/// do not pile up between renders.
void pump(v8::Isolate* isolate) {
  while (v8::platform::PumpMessageLoop(g_platform, isolate)) {
  }
}

/// A new isolate with a fresh context that offers the bundle what a QuickJS context does:
/// `__mostradorLog` defined, `queueMicrotask` and `performance.now` added, and V8's own
/// `console` removed so the bundle's polyfill routes it to the host log. The same polyfills
/// then install the same things on both engines (tests/ssr.rs checks it).
Engine* new_isolate(size_t heap_limit) {
  auto* engine = new Engine();
  engine->allocator = v8::ArrayBuffer::Allocator::NewDefaultAllocator();
  v8::Isolate::CreateParams params;
  params.array_buffer_allocator = engine->allocator;
  // The limit caps the old generation. The young generation is set on its own:
  // ConfigureDefaultsFromHeapSize would shrink it in proportion to the limit (2 MB semi-spaces
  // for 256 MB), and renders allocate many short-lived objects: the 150-line page then renders
  // ~40% slower. 8 MB semi-spaces render as fast as V8's default 16 MB ones here, with ~15 MB
  // less heap per isolate.
  if (heap_limit > 0) {
    params.constraints.set_max_old_generation_size_in_bytes(heap_limit);
    params.constraints.set_max_young_generation_size_in_bytes(kYoungGeneration);
  }
  engine->heap_limit = heap_limit;
  engine->isolate = v8::Isolate::New(params);
  v8::Isolate* isolate = engine->isolate;
  v8::Locker locker(isolate);
  v8::Isolate::Scope isolate_scope(isolate);
  v8::HandleScope handles(isolate);
  isolate->SetMicrotasksPolicy(v8::MicrotasksPolicy::kExplicit);
  isolate->AddNearHeapLimitCallback(near_heap_limit, engine);
  v8::Local<v8::Context> context = v8::Context::New(isolate);
  v8::Context::Scope context_scope(context);
  v8::Local<v8::Object> global = context->Global();
  global->Delete(context, v8::String::NewFromUtf8Literal(isolate, "console")).Check();
  auto define = [&](v8::Local<v8::Object> target, v8::Local<v8::String> name,
                    v8::FunctionCallback callback) {
    v8::Local<v8::Function> function = v8::Function::New(context, callback).ToLocalChecked();
    function->SetName(name);
    target->Set(context, name, function).Check();
  };
  define(global, v8::String::NewFromUtf8Literal(isolate, "__mostradorLog"), host_log);
  define(global, v8::String::NewFromUtf8Literal(isolate, "queueMicrotask"), queue_microtask);
  v8::Local<v8::Object> performance = v8::Object::New(isolate);
  define(performance, v8::String::NewFromUtf8Literal(isolate, "now"), performance_now);
  global->Set(context, v8::String::NewFromUtf8Literal(isolate, "performance"), performance)
      .Check();
  engine->context.Reset(isolate, context);
  return engine;
}

void dispose(Engine* engine) {
  {
    v8::Locker locker(engine->isolate);
    v8::Isolate::Scope isolate_scope(engine->isolate);
    engine->render.Reset();
    engine->script.Reset();
    engine->context.Reset();
  }
  engine->isolate->Dispose();
  delete engine->allocator;
  delete engine;
}

/// Compiles `source` in `context` (consuming `cache` when given) and runs it.
/// Returns the script, or an empty handle with the reason in `error`.
v8::MaybeLocal<v8::Script> compile_and_run(v8::Isolate* isolate, v8::Local<v8::Context> context,
                                           const char* source, size_t source_len,
                                           const uint8_t* cache, size_t cache_len,
                                           bool* cache_rejected, std::string* error) {
  v8::TryCatch caught(isolate);
  v8::Local<v8::String> text;
  if (!v8::String::NewFromUtf8(isolate, source, v8::NewStringType::kNormal,
                               static_cast<int>(source_len))
           .ToLocal(&text)) {
    *error = "el paquete es demasiado grande para una cadena de V8";
    return {};
  }
  v8::ScriptOrigin origin(isolate, v8::String::NewFromUtf8Literal(isolate, "server.js"));
  v8::ScriptCompiler::CachedData* cached = nullptr;
  if (cache != nullptr && cache_len > 0) {
    cached = new v8::ScriptCompiler::CachedData(cache, static_cast<int>(cache_len),
                                                v8::ScriptCompiler::CachedData::BufferNotOwned);
  }
  v8::ScriptCompiler::Source compiled_source(text, origin, cached);  // owns `cached`
  v8::Local<v8::Script> script;
  if (!v8::ScriptCompiler::Compile(context, &compiled_source,
                                   cached ? v8::ScriptCompiler::kConsumeCodeCache
                                          : v8::ScriptCompiler::kNoCompileOptions)
           .ToLocal(&script)) {
    *error = describe_caught(isolate, context, caught);
    return {};
  }
  if (cache_rejected != nullptr) *cache_rejected = cached != nullptr && cached->rejected;
  if (script->Run(context).IsEmpty()) {
    *error = describe_caught(isolate, context, caught);
    return {};
  }
  // Top-level promise jobs, like the QuickJS engine's module evaluation.
  isolate->PerformMicrotaskCheckpoint();
  return script;
}

}  // namespace

extern "C" {

/// Starts V8 once per process (later calls do nothing). `flags` are V8 command-line flags.
void mv8_init(const char* flags, mv8_log_fn log) {
  std::call_once(g_init_once, [&] {
    g_log = log;
    if (flags != nullptr && flags[0] != '\0') v8::V8::SetFlagsFromString(flags);
    // Two background threads for concurrent compilation and GC: the server has few cores and
    // one render thread per core already.
    g_platform = v8::platform::NewDefaultPlatform(2).release();
    v8::V8::InitializePlatform(g_platform);
    v8::V8::Initialize();
  });
}

/// V8's version, e.g. "10.2.154.26-node.36" (static storage).
const char* mv8_version() { return v8::V8::GetVersion(); }

/// A new engine: an isolate limited to `heap_limit` bytes of heap (0: V8's default) in which
/// `source` has run, loaded from `cache` when given. Returns null with the reason in `error`.
/// `cache_rejected` tells whether V8 refused the cache (and compiled from source instead). When
/// `cache_out` is given and the script was compiled from source, it receives V8's code cache for
/// it, taken after the top level ran (so the functions that ran are in it too).
void* mv8_new(const char* source, size_t source_len, const uint8_t* cache, size_t cache_len,
              size_t heap_limit, int* cache_rejected, mv8_bytes* cache_out, mv8_bytes* error) {
  Engine* engine = new_isolate(heap_limit);
  std::string message;
  {
    v8::Isolate* isolate = engine->isolate;
    v8::Locker locker(isolate);
    v8::Isolate::Scope isolate_scope(isolate);
    v8::HandleScope handles(isolate);
    v8::Local<v8::Context> context = engine->context.Get(isolate);
    v8::Context::Scope context_scope(context);
    bool rejected = false;
    v8::Local<v8::Script> script;
    if (compile_and_run(isolate, context, source, source_len, cache, cache_len, &rejected,
                        &message)
            .ToLocal(&script)) {
      if (cache_rejected != nullptr) *cache_rejected = rejected ? 1 : 0;
      v8::Local<v8::Value> render;
      if (context->Global()
              ->Get(context, v8::String::NewFromUtf8Literal(isolate, "render"))
              .ToLocal(&render) &&
          render->IsFunction()) {
        engine->render.Reset(isolate, render.As<v8::Function>());
        engine->script.Reset(isolate, script->GetUnboundScript());
        bool from_source = cache == nullptr || cache_len == 0 || rejected;
        if (cache_out != nullptr && from_source) {
          std::unique_ptr<v8::ScriptCompiler::CachedData> data(
              v8::ScriptCompiler::CreateCodeCache(script->GetUnboundScript()));
          if (data != nullptr) {
            set_bytes(cache_out, reinterpret_cast<const char*>(data->data), data->length);
          }
        }
      } else {
        message = "el paquete no define globalThis.render";
      }
    } else if (engine->heap_exceeded.load()) {
      message = "el paquete superó el límite de memoria al cargarse";
    }
    pump(isolate);
  }
  if (engine->render.IsEmpty()) {
    set_text(error, message);
    dispose(engine);
    return nullptr;
  }
  return engine;
}

/// Calls `render(input)` and drives its promise to the end: microtasks, then the polyfill's
/// timers when no microtask is left, like the QuickJS engine. `out` receives the resolved string
/// (MV8_OK) or the reason (other statuses). `timeout_ms` is a second, in-engine guard; the Rust
/// watchdog's mv8_terminate is what stops a script that never yields.
int mv8_render(void* handle, const char* input, size_t input_len, uint64_t timeout_ms,
               mv8_bytes* out) {
  auto* engine = static_cast<Engine*>(handle);
  v8::Isolate* isolate = engine->isolate;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  v8::Locker locker(isolate);
  v8::Isolate::Scope isolate_scope(isolate);
  v8::HandleScope handles(isolate);
  v8::Local<v8::Context> context = engine->context.Get(isolate);
  v8::Context::Scope context_scope(context);
  v8::TryCatch caught(isolate);
  engine->heap_exceeded.store(false);

  auto stopped = [&]() -> int {
    int status = engine->heap_exceeded.load() ? MV8_HEAP_LIMIT : MV8_TERMINATED;
    set_text(out, status == MV8_HEAP_LIMIT ? "límite de memoria del motor alcanzado"
                                           : "ejecución interrumpida");
    return status;
  };
  auto failed = [&](const std::string& message) -> int {
    set_text(out, message);
    return MV8_ERROR;
  };

  v8::Local<v8::String> argument;
  if (!v8::String::NewFromUtf8(isolate, input, v8::NewStringType::kNormal,
                               static_cast<int>(input_len))
           .ToLocal(&argument)) {
    return failed("la entrada del render es demasiado grande");
  }
  v8::Local<v8::Value> args[] = {argument};
  v8::Local<v8::Function> render = engine->render.Get(isolate);
  v8::Local<v8::Value> result;
  if (!render->Call(context, context->Global(), 1, args).ToLocal(&result)) {
    if (caught.HasTerminated() || isolate->IsExecutionTerminating()) return stopped();
    return failed(describe_caught(isolate, context, caught));
  }
  if (result->IsString()) {
    set_text(out, utf8(isolate, result));
    return MV8_OK;
  }
  if (!result->IsPromise()) return failed("render no devolvió una promesa ni un texto");
  v8::Local<v8::Promise> promise = result.As<v8::Promise>();
  v8::Local<v8::String> run_timers_name =
      v8::String::NewFromUtf8Literal(isolate, "__mostradorRunTimers");
  int status = MV8_ERROR;
  for (;;) {
    isolate->PerformMicrotaskCheckpoint();
    if (caught.HasTerminated() || isolate->IsExecutionTerminating()) {
      status = stopped();
      break;
    }
    if (promise->State() == v8::Promise::kFulfilled) {
      v8::Local<v8::Value> value = promise->Result();
      if (!value->IsString()) {
        status = failed("render no resolvió un texto");
      } else {
        set_text(out, utf8(isolate, value));
        status = MV8_OK;
      }
      break;
    }
    if (promise->State() == v8::Promise::kRejected) {
      status = failed(describe(isolate, context, promise->Result()));
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      status = stopped();
      break;
    }
    // No microtask left and still pending: run queued timers, if any; otherwise the render can
    // never finish.
    v8::Local<v8::Value> run_timers;
    int32_t ran = 0;
    if (context->Global()->Get(context, run_timers_name).ToLocal(&run_timers) &&
        run_timers->IsFunction()) {
      v8::Local<v8::Value> count;
      if (!run_timers.As<v8::Function>()->Call(context, context->Global(), 0, nullptr)
               .ToLocal(&count)) {
        if (caught.HasTerminated() || isolate->IsExecutionTerminating()) {
          status = stopped();
        } else {
          status = failed(describe_caught(isolate, context, caught));
        }
        break;
      }
      ran = count->Int32Value(context).FromMaybe(0);
    }
    if (ran == 0) {
      status = failed("el render quedó esperando algo que nunca llegará");
      break;
    }
  }
  if (status == MV8_OK) pump(isolate);
  return status;
}

/// Stops the script running in the engine as soon as possible. Safe from any thread while the
/// engine exists (the caller guarantees that).
void mv8_terminate(void* handle) { static_cast<Engine*>(handle)->isolate->TerminateExecution(); }

/// Lets the isolate run scripts again after mv8_terminate (when the watchdog fired just as a
/// render finished by itself).
void mv8_cancel_terminate(void* handle) {
  auto* engine = static_cast<Engine*>(handle);
  v8::Locker locker(engine->isolate);
  engine->isolate->CancelTerminateExecution();
}

/// Heap statistics: bytes in use, bytes reserved, and the limit.
void mv8_heap(void* handle, size_t* used, size_t* total, size_t* limit) {
  auto* engine = static_cast<Engine*>(handle);
  v8::Locker locker(engine->isolate);
  v8::HeapStatistics stats;
  engine->isolate->GetHeapStatistics(&stats);
  *used = stats.used_heap_size();
  *total = stats.total_heap_size();
  *limit = stats.heap_size_limit();
}

void mv8_free(void* handle) { dispose(static_cast<Engine*>(handle)); }

/// V8's code cache for the bundle as this engine has it now: taken after renders, it also holds
/// the functions those renders compiled lazily, so an engine started from it renders its first
/// page without compiling them. `out` stays empty when V8 produces none.
void mv8_code_cache(void* handle, mv8_bytes* out) {
  auto* engine = static_cast<Engine*>(handle);
  v8::Isolate* isolate = engine->isolate;
  v8::Locker locker(isolate);
  v8::Isolate::Scope isolate_scope(isolate);
  v8::HandleScope handles(isolate);
  v8::Local<v8::Context> context = engine->context.Get(isolate);
  v8::Context::Scope context_scope(context);
  std::unique_ptr<v8::ScriptCompiler::CachedData> data(
      v8::ScriptCompiler::CreateCodeCache(engine->script.Get(isolate)));
  if (data != nullptr) {
    set_bytes(out, reinterpret_cast<const char*>(data->data), data->length);
  }
}

void mv8_bytes_free(mv8_bytes* bytes) {
  std::free(bytes->data);
  bytes->data = nullptr;
  bytes->len = 0;
}

}  // extern "C"
