#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/fb.h>
#include <linux/kd.h>
#include "crate_fb.h"

int crate_fb_get_info(int fd, struct crate_fb_info *info) {
    struct fb_var_screeninfo var;
    struct fb_fix_screeninfo fix;
    memset(&var, 0, sizeof var);
    memset(&fix, 0, sizeof fix);
    if (ioctl(fd, FBIOGET_VSCREENINFO, &var) != 0) return errno;
    if (ioctl(fd, FBIOGET_FSCREENINFO, &fix) != 0) return errno;

    memset(info, 0, sizeof *info);
    info->xres = var.xres;
    info->yres = var.yres;
    info->xres_virtual = var.xres_virtual;
    info->yres_virtual = var.yres_virtual;
    info->xoffset = var.xoffset;
    info->yoffset = var.yoffset;
    info->bits_per_pixel = var.bits_per_pixel;
    info->red_offset = var.red.offset;
    info->red_length = var.red.length;
    info->green_offset = var.green.offset;
    info->green_length = var.green.length;
    info->blue_offset = var.blue.offset;
    info->blue_length = var.blue.length;
    info->line_length = fix.line_length;
    info->smem_len = fix.smem_len;
    info->type = fix.type;
    info->visual = fix.visual;
    /* fix.id is 16 bytes and need not be NUL-terminated. */
    memcpy(info->id, fix.id, sizeof fix.id);
    info->id[sizeof info->id - 1] = '\0';
    return 0;
}

int crate_console_set_mode(const char *tty, int graphics) {
    int fd = open(tty, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return errno;
    int rc = ioctl(fd, KDSETMODE, graphics ? KD_GRAPHICS : KD_TEXT) == 0 ? 0 : errno;
    close(fd);
    return rc;
}
