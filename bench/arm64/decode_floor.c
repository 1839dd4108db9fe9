/* decode_floor: what decoding alone costs, the floor under any player of these files.
 * Decodes FILE... in order until SECONDS of audio have come out and throws the samples
 * away: FLAC with libFLAC's stream decoder (its own int32 buffers, nothing converted),
 * MP3 with libmpg123 as crated asks for it (16-bit stereo at the file's rate), one frame
 * at a time into mpg123's own buffer. Nothing else: no output, no threads, no copies.
 * Counted whole under qemu (bench/arm64/insncount.c); a run with SECONDS 0 is its start-up.
 *   decode_floor SECONDS FILE...
 * Prints the seconds decoded. */
#include <FLAC/stream_decoder.h>
#include <mpg123.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double seconds_done, flac_wanted; /* seconds out in all, seconds wanted of this FLAC file */
static double flac_done;

static FLAC__StreamDecoderWriteStatus flac_write(const FLAC__StreamDecoder *d, const FLAC__Frame *frame,
                                                 const FLAC__int32 *const buffer[], void *client) {
    (void)d; (void)buffer; (void)client;
    flac_done += (double)frame->header.blocksize / frame->header.sample_rate;
    return flac_done >= flac_wanted ? FLAC__STREAM_DECODER_WRITE_STATUS_ABORT : FLAC__STREAM_DECODER_WRITE_STATUS_CONTINUE;
}

static void flac_error(const FLAC__StreamDecoder *d, FLAC__StreamDecoderErrorStatus status, void *client) {
    (void)d; (void)client;
    fprintf(stderr, "decode_floor: FLAC error: %s\n", FLAC__StreamDecoderErrorStatusString[status]);
}

static int flac(const char *path, double seconds) {
    FLAC__StreamDecoder *d = FLAC__stream_decoder_new();
    if (!d || FLAC__stream_decoder_init_file(d, path, flac_write, NULL, flac_error, NULL) != FLAC__STREAM_DECODER_INIT_STATUS_OK) {
        fprintf(stderr, "decode_floor: cannot open %s\n", path);
        return 1;
    }
    flac_wanted = seconds;
    flac_done = 0;
    /* false when the write callback stops it: enough decoded */
    if (seconds > 0) FLAC__stream_decoder_process_until_end_of_stream(d);
    seconds_done += flac_done;
    FLAC__stream_decoder_delete(d);
    return 0;
}

static int mp3(const char *path, double seconds) {
    int error;
    mpg123_handle *h = mpg123_new(NULL, &error);
    const long *rates;
    size_t count;
    mpg123_rates(&rates, &count);
    mpg123_param(h, MPG123_ADD_FLAGS, MPG123_QUIET, 0);
    mpg123_format_none(h);
    for (size_t i = 0; i < count; i++) mpg123_format(h, rates[i], MPG123_STEREO, MPG123_ENC_SIGNED_16);
    if (mpg123_open(h, path) != MPG123_OK) {
        fprintf(stderr, "decode_floor: cannot open %s: %s\n", path, mpg123_strerror(h));
        return 1;
    }
    long rate;
    int channels, encoding;
    unsigned long long frames = 0;
    int rc = mpg123_getformat(h, &rate, &channels, &encoding);
    while (rc == MPG123_OK && frames < (unsigned long long)(seconds * rate)) {
        off_t number;
        unsigned char *audio;
        size_t bytes;
        rc = mpg123_decode_frame(h, &number, &audio, &bytes);
        if (rc == MPG123_NEW_FORMAT) rc = MPG123_OK;
        frames += bytes / (2 * 2);
    }
    if (rc != MPG123_OK && rc != MPG123_DONE) fprintf(stderr, "decode_floor: %s: %s\n", path, mpg123_strerror(h));
    if (rate > 0) seconds_done += (double)frames / rate;
    mpg123_close(h);
    mpg123_delete(h);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: decode_floor SECONDS FILE...\n");
        return 64;
    }
    double seconds = atof(argv[1]);
    for (int i = 2; i < argc && seconds_done < seconds; i++) {
        const char *dot = strrchr(argv[i], '.');
        int failed = dot && strcmp(dot, ".flac") == 0 ? flac(argv[i], seconds - seconds_done)
                                                       : mp3(argv[i], seconds - seconds_done);
        if (failed) return 1;
    }
    printf("%.3f\n", seconds_done);
    return 0;
}
