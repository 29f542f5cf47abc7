// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Ordinary host code around one kernel: includes, macros, preprocessor conditionals, globals,
// enums, structs, a class with members, templates, static_assert, other pragmas and host loops;
// all of it must come out exactly as written.

#include <cstddef>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#define VERSION_MAJOR 1
#define VERSION_MINOR 4

#if VERSION_MAJOR >= 1 && defined(__cplusplus)
#  define HAS_MODERN_API 1
#else
#  define HAS_MODERN_API 0
#endif

enum class Mode { Fast, Accurate };

struct Config {
    int width = 640;
    int height = 480;
    Mode mode = Mode::Accurate;
};

static_assert(sizeof(Config) >= 2 * sizeof(int), "Config layout");

int g_call_count = 0;
const char* const g_tool_name = "host_code_untouched";

class Logger {
public:
    explicit Logger(std::string prefix) : prefix_(std::move(prefix)) {}
    void log(const std::string& message) const
    {
        std::printf("%s: %s\n", prefix_.c_str(), message.c_str());
    }
    // a member function with a loop and the word kernel in its name: not a kernel
    int count_kernel_calls(const std::vector<int>& ids) const
    {
        int total = 0;
        for (int i = 0; i < static_cast<int>(ids.size()); ++i)
            total += ids[i] > 0 ? 1 : 0;
        return total;
    }

private:
    std::string prefix_;
};

template <class T>
T sum_host(const std::vector<T>& values)
{
    T acc{};
    for (std::size_t i = 0; i < values.size(); ++i)
        acc += values[i];
    return acc;
}

#pragma pack(push, 4)
struct PackedHeader {
    char tag;
    int length;
};
#pragma pack(pop)

#pragma qd kernel
void brighten(float* pixels, int count, float gain)
{
    for (int i = 0; i < count; ++i)
        pixels[i] = pixels[i] * gain > 1.0f ? 1.0f : pixels[i] * gain;
}

#ifdef QD_EXAMPLE_UNUSED_BRANCH
void never_compiled(float* p) { p[0] = 0; }
#endif

void host_pipeline(float* device_pixels, const Config& cfg, const Logger& logger)
{
    ++g_call_count;
#if HAS_MODERN_API
    const float gain = cfg.mode == Mode::Fast ? 1.5f : 1.25f;
#else
    const float gain = 1.0f;
#endif
    brighten(device_pixels, cfg.width * cfg.height, gain);
    std::vector<double> weights(8, 0.125);
    double total = sum_host(weights);
    int squares[4];
    #pragma omp parallel for
    for (int i = 0; i < 4; ++i)
        squares[i] = i * i;
    total += squares[3];
    logger.log(std::string(g_tool_name) + " total=" + std::to_string(total) +
               " v" + std::to_string(VERSION_MAJOR) + "." + std::to_string(VERSION_MINOR));
}
