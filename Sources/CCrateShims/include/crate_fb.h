#ifndef CRATE_FB_H
#define CRATE_FB_H

#include <stdint.h>

/* The Linux framebuffer's screen description, flattened from <linux/fb.h>'s
   fb_var_screeninfo and fb_fix_screeninfo (whose nested structs and kernel types
   Swift would import awkwardly). Only the fields Crate needs. */
struct crate_fb_info {
    uint32_t xres, yres;
    uint32_t xres_virtual, yres_virtual;
    uint32_t xoffset, yoffset;
    uint32_t bits_per_pixel;
    uint32_t red_offset, red_length;
    uint32_t green_offset, green_length;
    uint32_t blue_offset, blue_length;
    uint32_t line_length;
    uint32_t smem_len;
    uint32_t type;
    uint32_t visual;
    char id[17]; /* the driver's name, NUL-terminated (e.g. "fb_ili9341") */
};

/* FB_TYPE_PACKED_PIXELS, FB_VISUAL_TRUECOLOR and FB_VISUAL_DIRECTCOLOR from <linux/fb.h>. */
enum {
    CRATE_FB_TYPE_PACKED_PIXELS = 0,
    CRATE_FB_VISUAL_TRUECOLOR = 2,
    CRATE_FB_VISUAL_DIRECTCOLOR = 4,
};

/* FBIOGET_VSCREENINFO then FBIOGET_FSCREENINFO on an open framebuffer. Returns 0, or the
   errno of the first ioctl that failed (ENOTTY for a file that is not a framebuffer). */
int crate_fb_get_info(int fd, struct crate_fb_info *info);

/* KDSETMODE on a virtual terminal (e.g. "/dev/tty1"): graphics != 0 selects KD_GRAPHICS,
   which stops the kernel drawing console text and the cursor on the display; 0 returns to
   KD_TEXT. Returns 0 or an errno value. */
int crate_console_set_mode(const char *tty, int graphics);

#endif
