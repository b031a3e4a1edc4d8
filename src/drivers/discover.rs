//! Discovery: every platform and device, with the queries that decide how clasp tests it.
//!
//! [`query`] runs inside a worker process (`clasp worker discover`); [`discover`] is the parent
//! side, which runs that worker with a timeout, so a driver that crashes while it is being
//! enumerated is reported, not fatal.

use super::pool::{output_with_timeout, Finished};
use checker::{Feature, Lang, Profile};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// The C++ for OpenCL extension; only devices that report it get C++ cases.
pub const CXX_EXTENSION: &str = "cl_ext_cxx_for_opencl";

/// What discovery found.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Discovery {
    pub platforms: Vec<PlatformInfo>,
    /// Why there is nothing to show: no OpenCL library, `clGetPlatformIDs` failed, the
    /// discovery worker crashed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PlatformInfo {
    pub index: u32,
    pub name: String,
    pub vendor: String,
    pub version: String,
    pub devices: Vec<DeviceInfo>,
    /// A query that failed for the platform as a whole (`clGetDeviceIDs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// One device and every property that matters to address-space testing. Queries that fail (a
/// 1.2 device has no `CL_DEVICE_OPENCL_C_ALL_VERSIONS`) are `None`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct DeviceInfo {
    /// The stable subject id: `platform-slug/device-slug`.
    pub id: String,
    pub platform_index: u32,
    pub device_index: u32,
    pub platform_name: String,
    pub platform_version: String,
    pub name: String,
    pub vendor: String,
    /// `CL_DEVICE_VERSION`.
    pub version: String,
    /// `CL_DRIVER_VERSION`.
    pub driver_version: String,
    /// `CL_DEVICE_OPENCL_C_VERSION`.
    pub opencl_c_version: String,
    /// `CL_DEVICE_OPENCL_C_ALL_VERSIONS` as `major.minor` (3.0 platforms only).
    pub opencl_c_all_versions: Option<Vec<String>>,
    /// `CL_DEVICE_OPENCL_C_FEATURES` names (3.0 platforms only).
    pub opencl_c_features: Option<Vec<String>>,
    /// `CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT` (3.0 platforms only).
    pub generic_address_space_support: Option<bool>,
    pub max_constant_args: Option<u32>,
    pub max_constant_buffer_size: Option<u64>,
    pub local_mem_size: Option<u64>,
    /// `local`, `global` or `none`.
    pub local_mem_type: Option<String>,
    /// `CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE` (2.0 and later).
    pub max_global_variable_size: Option<u64>,
    pub address_bits: Option<u32>,
    pub extensions: Vec<String>,
    /// The vendor library the device's platform lives in, when discovery could tell (see
    /// [`Icd`]). Not part of the identity: the same driver may sit at another path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icd: Option<Icd>,
    /// `CL_DEVICE_IL_VERSION` (2.1 and later, or `cl_khr_il_program`): the intermediate
    /// languages `clCreateProgramWithIL` takes (`SPIR-V_1.0 SPIR-V_1.1 ...`); empty or absent
    /// when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub il_version: Option<String>,
}

/// Where a platform comes from: its vendor library, and the platform's index among the
/// platforms that library alone reports.
///
/// A build worker loads only this library (ocl-icd's `OCL_ICD_VENDORS=<library>`): the ICD
/// loader otherwise loads and initialises every installed driver in every worker, which costs
/// 0.4 to 0.6 s per worker start on the reference machine against 0.03 to 0.06 s for one
/// driver, and a worker is started again after every crash. The worker's hello names the
/// device it opened, so a loader that reads the variable differently is caught, and the
/// engine then starts workers with every driver loaded, as before.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Icd {
    pub library: String,
    pub platform_index: u32,
}

impl DeviceInfo {
    /// What identifies the driver build exactly: the cache key and the `identity` of results.
    /// Whether `clCreateProgramWithIL` takes SPIR-V on this device.
    pub fn takes_spirv(&self) -> bool {
        self.il_version
            .as_deref()
            .is_some_and(|v| v.contains("SPIR-V"))
    }

    pub fn identity(&self) -> String {
        format!(
            "{} | {} | {} | {} | driver {}",
            self.platform_name, self.platform_version, self.name, self.version, self.driver_version
        )
    }

    /// The OpenCL C versions the device reports, as clasp languages.
    ///
    /// `CL_DEVICE_OPENCL_C_ALL_VERSIONS` when the device has it; otherwise (before 3.0) every
    /// version up to `CL_DEVICE_OPENCL_C_VERSION`, since a device supports the earlier versions
    /// of OpenCL C (OpenCL 2.2 API, `-cl-std`: "the highest OpenCL C version supported by each
    /// device" and any earlier one).
    pub fn c_langs(&self) -> Vec<Lang> {
        let c_langs = [Lang::Cl1_1, Lang::Cl1_2, Lang::Cl2_0, Lang::Cl3_0];
        // `CL_DEVICE_OPENCL_C_ALL_VERSIONS` is an OpenCL 3.0 query: a 1.2 device that answers it
        // anyway (Oclgrind 21.10 lists 3.0 there) is judged by what 1.2 defines.
        let device_version = self
            .version
            .strip_prefix("OpenCL ")
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(version_value)
            .unwrap_or(0);
        match &self.opencl_c_all_versions {
            Some(all) if !all.is_empty() && device_version >= 300 => c_langs
                .into_iter()
                .filter(|l| all.iter().any(|v| version_value(v) == Some(l.c_version())))
                .collect(),
            _ => {
                let max = self
                    .opencl_c_version
                    .strip_prefix("OpenCL C ")
                    .and_then(|rest| rest.split_whitespace().next())
                    .and_then(version_value)
                    .unwrap_or(0);
                c_langs
                    .into_iter()
                    .filter(|l| l.c_version() <= max)
                    .collect()
            }
        }
    }

    /// The 3.0 optional features that touch address spaces, as the device reports them.
    pub fn features(&self) -> Vec<Feature> {
        let names = self.opencl_c_features.as_deref().unwrap_or(&[]);
        Feature::ALL
            .into_iter()
            .filter(|f| names.iter().any(|n| n == f.macro_name()))
            .collect()
    }

    /// Whether the device lists this OpenCL C feature macro (`__opencl_c_device_enqueue`, ...).
    pub fn has_c_feature(&self, name: &str) -> bool {
        self.opencl_c_features
            .as_deref()
            .unwrap_or(&[])
            .iter()
            .any(|f| f == name)
    }

    pub fn has_extension(&self, name: &str) -> bool {
        self.extensions.iter().any(|e| e == name)
    }

    /// The profile a 3.0 device is tested in: OpenCL C 3.0 with exactly its feature set.
    pub fn cl3_profile(&self) -> Option<Profile> {
        if !self.c_langs().contains(&Lang::Cl3_0) {
            return None;
        }
        let features = self.features();
        Profile::ALL.into_iter().find(|p| {
            p.lang() == Lang::Cl3_0
                && Feature::ALL
                    .iter()
                    .all(|f| p.has(*f) == features.contains(f))
        })
    }

    /// The profiles this device is tested in (see `plan` for the rest).
    pub fn profiles(&self) -> Vec<Profile> {
        let langs = self.c_langs();
        let mut out: Vec<Profile> = [Profile::CL1_1, Profile::CL1_2, Profile::CL2_0]
            .into_iter()
            .filter(|p| langs.contains(&p.lang()))
            .collect();
        out.extend(self.cl3_profile());
        if self.has_extension(CXX_EXTENSION) {
            out.push(Profile::CXX2021);
        }
        out
    }
}

/// `"1.2"` or `"1.2.0"` → 120.
fn version_value(v: &str) -> Option<u32> {
    let mut parts = v.split('.');
    let major: u32 = parts.next()?.trim().parse().ok()?;
    let minor: u32 = parts.next()?.trim().parse().ok()?;
    Some(major * 100 + minor * 10)
}

/// A stable, readable id piece: lowercase, runs of other characters become one `-`.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || c == '.' {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// Runs discovery in worker processes. Never fails: what went wrong is in `error`.
///
/// When the loader reads a vendors folder of several ICD files, each file is enumerated by a
/// worker of its own (`OCL_ICD_VENDORS=<file>`), so that a driver that crashes while it is
/// enumerated costs only its own devices, and two releases of one driver, whose libraries share
/// names (`libintelocl.so`, `libtbb.so.12`), never meet in one process, where the second would
/// be given the first one's libraries.
pub fn discover(exe: &Path, timeout: Duration) -> Discovery {
    let files = vendor_files();
    if files.len() < 2 {
        let mut d = discover_with(exe, timeout, None);
        distinguish(
            d.platforms
                .iter_mut()
                .flat_map(|p| p.devices.iter_mut())
                .collect(),
        );
        return d;
    }
    let found: Vec<Discovery> = std::thread::scope(|scope| {
        let workers: Vec<_> = files
            .iter()
            .map(|f| scope.spawn(move || discover_with(exe, timeout, Some(f))))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_default())
            .collect()
    });
    let mut out = Discovery::default();
    let mut errors = Vec::new();
    for (file, d) in files.iter().zip(found) {
        if let Some(e) = d.error {
            errors.push(format!("{}: {e}", file.display()));
        }
        for mut p in d.platforms {
            let local = p.index;
            p.index = out.platforms.len() as u32;
            for dev in &mut p.devices {
                dev.platform_index = p.index;
                // A platform whose library discovery could not tell is reached through its file.
                dev.icd.get_or_insert_with(|| Icd {
                    library: file.to_string_lossy().into_owned(),
                    platform_index: local,
                });
            }
            out.platforms.push(p);
        }
    }
    if !errors.is_empty() {
        out.error = Some(errors.join("; "));
    }
    distinguish(
        out.platforms
            .iter_mut()
            .flat_map(|p| p.devices.iter_mut())
            .collect(),
    );
    out
}

/// The ICD files the loader reads, in name order: those of `OCL_ICD_VENDORS` when it names a
/// folder, else of `/etc/OpenCL/vendors`. None when the loader is told otherwise
/// (`OCL_ICD_FILENAMES`, or `OCL_ICD_VENDORS` naming one library or file): one worker then
/// enumerates what the loader finds.
fn vendor_files() -> Vec<std::path::PathBuf> {
    if std::env::var_os("OCL_ICD_FILENAMES").is_some_and(|v| !v.is_empty()) {
        return Vec::new();
    }
    let dir = match std::env::var_os("OCL_ICD_VENDORS") {
        Some(v) if Path::new(&v).is_dir() => std::path::PathBuf::from(v),
        Some(v) if !v.is_empty() => return Vec::new(),
        _ => std::path::PathBuf::from("/etc/OpenCL/vendors"),
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "icd"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// One discovery worker, loading every driver or (`file`) the one an ICD file names.
fn discover_with(exe: &Path, timeout: Duration, file: Option<&Path>) -> Discovery {
    let mut cmd = Command::new(exe);
    cmd.args(["worker", "discover"]);
    if let Some(f) = file {
        cmd.env("OCL_ICD_VENDORS", f);
    }
    match output_with_timeout(cmd, timeout) {
        Ok(Finished::Exited {
            status,
            stdout,
            stderr,
        }) => {
            if status.success() {
                match serde_json::from_slice::<Discovery>(&stdout) {
                    Ok(d) => d,
                    Err(e) => Discovery {
                        platforms: Vec::new(),
                        error: Some(format!("discovery worker answered garbage: {e}")),
                    },
                }
            } else {
                let tail = String::from_utf8_lossy(&stderr);
                let tail: String = tail.lines().rev().take(5).collect::<Vec<_>>().join(" / ");
                Discovery {
                    platforms: Vec::new(),
                    error: Some(format!(
                        "discovery worker died ({}): {tail}",
                        super::pool::describe_exit(status)
                    )),
                }
            }
        }
        Ok(Finished::TimedOut) => Discovery {
            platforms: Vec::new(),
            error: Some(format!(
                "discovery did not finish within {} s (a driver hangs while it is enumerated)",
                timeout.as_secs()
            )),
        },
        Err(e) => Discovery {
            platforms: Vec::new(),
            error: Some(format!("cannot start the discovery worker: {e}")),
        },
    }
}

/// Enumerates platforms and devices in this process (worker side).
pub fn query() -> Discovery {
    use opencl3::device::{Device, CL_DEVICE_TYPE_ALL};
    use opencl3::platform::get_platforms;

    if let Err(e) = cl3::load_library() {
        return Discovery {
            platforms: Vec::new(),
            error: Some(format!("no OpenCL library (libOpenCL.so.1): {e}")),
        };
    }
    let platforms = match get_platforms() {
        Ok(p) => p,
        // -1001 is CL_PLATFORM_NOT_FOUND_KHR: a loader with no driver registered.
        Err(e) if e.0 == -1001 => return Discovery::default(),
        Err(e) => {
            return Discovery {
                platforms: Vec::new(),
                error: Some(format!("clGetPlatformIDs failed: {e}")),
            }
        }
    };
    let mut out = Discovery::default();
    let libraries: Vec<Option<String>> = platforms.iter().map(|p| library_of(p.id())).collect();
    for (pi, platform) in platforms.iter().enumerate() {
        let icd = libraries[pi].as_ref().map(|library| Icd {
            library: library.clone(),
            platform_index: libraries[..pi]
                .iter()
                .filter(|l| l.as_ref() == Some(library))
                .count() as u32,
        });
        let name = platform.name().unwrap_or_default();
        let version = platform.version().unwrap_or_default();
        let mut info = PlatformInfo {
            index: pi as u32,
            vendor: platform.vendor().unwrap_or_default(),
            name: name.clone(),
            version: version.clone(),
            devices: Vec::new(),
            error: None,
        };
        let ids = match platform.get_devices(CL_DEVICE_TYPE_ALL) {
            Ok(ids) => ids,
            // CL_DEVICE_NOT_FOUND: a platform with no device (rusticl without RUSTICL_ENABLE).
            Err(e) if e.0 == -1 => Vec::new(),
            Err(e) => {
                info.error = Some(format!("clGetDeviceIDs failed: {e}"));
                Vec::new()
            }
        };
        for (di, id) in ids.into_iter().enumerate() {
            let d = Device::new(id);
            let dev_name = d.name().unwrap_or_default();
            let sid = format!("{}/{}", slug(&name), slug(&dev_name));
            let versions = |v: Vec<opencl3::types::cl_name_version>| -> Vec<String> {
                v.iter()
                    .map(|nv| format!("{}.{}", nv.version >> 22, (nv.version >> 12) & 0x3ff))
                    .collect()
            };
            let names = |v: Vec<opencl3::types::cl_name_version>| -> Vec<String> {
                v.iter()
                    .map(|nv| {
                        let bytes: Vec<u8> = nv
                            .name
                            .iter()
                            .take_while(|c| **c != 0)
                            // `cl_char` is `i8` on some targets and `u8` on others.
                            .map(|c| {
                                #[allow(clippy::unnecessary_cast)]
                                let b = *c as u8;
                                b
                            })
                            .collect();
                        String::from_utf8_lossy(&bytes).into_owned()
                    })
                    .collect()
            };
            info.devices.push(DeviceInfo {
                id: sid,
                platform_index: pi as u32,
                device_index: di as u32,
                platform_name: name.clone(),
                platform_version: version.clone(),
                name: dev_name,
                vendor: d.vendor().unwrap_or_default(),
                version: d.version().unwrap_or_default(),
                driver_version: d.driver_version().unwrap_or_default(),
                opencl_c_version: d.opencl_c_version().unwrap_or_default(),
                opencl_c_all_versions: d.opencl_c_all_versions().ok().map(versions),
                opencl_c_features: d.opencl_c_features().ok().map(names),
                generic_address_space_support: d.generic_address_space_support().ok(),
                max_constant_args: d.max_constant_args().ok(),
                max_constant_buffer_size: d.max_constant_buffer_size().ok(),
                local_mem_size: d.local_mem_size().ok(),
                local_mem_type: d.local_mem_type().ok().map(|t| {
                    match t {
                        1 => "local",
                        2 => "global",
                        0 => "none",
                        _ => "unknown",
                    }
                    .to_string()
                }),
                max_global_variable_size: d.max_global_variable_size().ok().map(|v| v as u64),
                address_bits: d.address_bits().ok(),
                extensions: d
                    .extensions()
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
                icd: icd.clone(),
                il_version: d.il_version().ok().map(|v| v.trim().to_string()),
            });
        }
        out.platforms.push(info);
    }
    out
}

/// Makes subject ids unique. Devices that share a platform and device name (two releases of
/// one driver, each registered with its own ICD file) are told apart by their driver version
/// (`intel-r-opencl/amd-epyc-2021.13.11.0.23-160000`), so a release keeps its id whatever
/// else is installed; a device alone keeps the plain id. What is still equal gets `-2`, `-3`.
fn distinguish(mut devices: Vec<&mut DeviceInfo>) {
    let count =
        |devices: &[&mut DeviceInfo], id: &str| devices.iter().filter(|d| d.id == id).count();
    let shared: Vec<bool> = devices.iter().map(|d| count(&devices, &d.id) > 1).collect();
    for (d, shared) in devices.iter_mut().zip(shared) {
        let version = slug(&d.driver_version);
        if shared && !version.is_empty() {
            d.id = format!("{}-{version}", d.id);
        }
    }
    let mut seen: Vec<String> = Vec::new();
    for d in devices.iter_mut() {
        let base = d.id.clone();
        let mut n = 2;
        while seen.contains(&d.id) {
            d.id = format!("{base}-{n}");
            n += 1;
        }
        seen.push(d.id.clone());
    }
}

/// The file of the vendor library behind a platform: `cl_khr_icd` requires every object to begin
/// with a pointer to its vendor's dispatch table, whose entries are that vendor's functions, so
/// `dladdr` on `clGetPlatformInfo`'s entry names the library. `None` when it cannot tell, or
/// when the answer is the ICD loader itself (a loader that wraps platforms).
fn library_of(platform: opencl3::types::cl_platform_id) -> Option<String> {
    use std::ffi::{c_void, CStr};
    if platform.is_null() {
        return None;
    }
    // SAFETY: a platform handle from the loader points to an ICD object, whose first field is
    // the dispatch table pointer (cl_khr_icd); entry 1 is `clGetPlatformInfo`, which every
    // vendor implements. Only addresses are read; nothing is called.
    let entry = unsafe {
        let table = *(platform as *const *const *const c_void);
        if table.is_null() {
            return None;
        }
        let entry = *table.add(1);
        if entry.is_null() {
            table.cast::<c_void>()
        } else {
            entry
        }
    };
    // SAFETY: dladdr only inspects the loaded objects' address ranges; dli_fname points into
    // the loader's own link map and is copied out at once.
    let file = unsafe {
        let mut info: libc::Dl_info = std::mem::zeroed();
        if libc::dladdr(entry, &mut info) == 0 || info.dli_fname.is_null() {
            return None;
        }
        CStr::from_ptr(info.dli_fname)
            .to_string_lossy()
            .into_owned()
    };
    let base = Path::new(&file).file_name()?.to_string_lossy().into_owned();
    (!file.is_empty() && !base.starts_with("libOpenCL.")).then_some(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn device(c: &str, all: Option<&[&str]>, features: &[&str]) -> DeviceInfo {
        DeviceInfo {
            id: "p/d".into(),
            platform_index: 0,
            device_index: 0,
            platform_name: "p".into(),
            platform_version: "OpenCL 3.0".into(),
            name: "d".into(),
            vendor: "v".into(),
            version: "OpenCL 3.0".into(),
            driver_version: "1".into(),
            opencl_c_version: c.into(),
            opencl_c_all_versions: all.map(|a| a.iter().map(|s| s.to_string()).collect()),
            opencl_c_features: Some(features.iter().map(|s| s.to_string()).collect()),
            generic_address_space_support: None,
            max_constant_args: None,
            max_constant_buffer_size: None,
            local_mem_size: None,
            local_mem_type: None,
            max_global_variable_size: None,
            address_bits: None,
            extensions: Vec::new(),
            icd: None,
            il_version: None,
        }
    }

    #[test]
    fn pre_3_0_devices_support_every_earlier_version() {
        let d = device("OpenCL C 1.2 pocl", None, &[]);
        assert_eq!(d.c_langs(), [Lang::Cl1_1, Lang::Cl1_2]);
        assert_eq!(d.profiles(), [Profile::CL1_1, Profile::CL1_2]);
        assert_eq!(d.cl3_profile(), None);
    }

    #[test]
    fn a_1_2_device_answering_the_3_0_query_is_judged_as_1_2() {
        // Oclgrind 21.10: an OpenCL 1.2 device whose CL_DEVICE_OPENCL_C_ALL_VERSIONS lists 3.0.
        let mut d = device(
            "OpenCL C 1.2 (Oclgrind 21.10)",
            Some(&["1.0", "1.1", "1.2", "3.0"]),
            &[],
        );
        d.version = "OpenCL 1.2 (Oclgrind 21.10)".into();
        assert_eq!(d.profiles(), [Profile::CL1_1, Profile::CL1_2]);
    }

    #[test]
    fn a_3_0_device_gets_the_profile_of_its_features() {
        let d = device(
            "OpenCL C 3.0",
            Some(&["1.0", "1.1", "1.2", "3.0"]),
            &[
                "__opencl_c_program_scope_global_variables",
                "__opencl_c_int64",
            ],
        );
        assert_eq!(
            d.profiles(),
            [Profile::CL1_1, Profile::CL1_2, Profile::CL3_0_GLOBALS]
        );
        let d = device("OpenCL C 3.0", Some(&["1.2", "2.0", "3.0"]), &[]);
        assert_eq!(
            d.profiles(),
            [Profile::CL1_2, Profile::CL2_0, Profile::CL3_0]
        );
    }

    #[test]
    fn releases_of_one_driver_are_told_apart_by_their_driver_version() {
        let with = |driver: &str, name: &str| {
            let mut d = device("OpenCL C 3.0", None, &[]);
            d.driver_version = driver.into();
            d.id = format!("p/{name}");
            d
        };
        let mut ds = [
            with("2021.13.11.0.23_160000", "cpu"),
            with("2026.22.10.0.01_160000", "cpu"),
            with("2026.22.10.0.01_160000", "cpu"),
            with("1", "other"),
        ];
        distinguish(ds.iter_mut().collect());
        let ids: Vec<&str> = ds.iter().map(|d| d.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "p/cpu-2021.13.11.0.23-160000",
                "p/cpu-2026.22.10.0.01-160000",
                "p/cpu-2026.22.10.0.01-160000-2",
                "p/other"
            ]
        );
    }

    #[test]
    fn slugs_are_stable() {
        assert_eq!(
            slug("llvmpipe (LLVM 15.0.6, 256 bits)"),
            "llvmpipe-llvm-15.0.6-256-bits"
        );
        assert_eq!(
            slug("Portable Computing Language"),
            "portable-computing-language"
        );
    }
}
