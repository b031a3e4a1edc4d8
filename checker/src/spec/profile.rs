//! Language versions, the optional features that touch address spaces, and profiles
//! (a version plus a feature set) with their short names.

use super::predefined::PREDEFINED;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A kernel language version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    Cl1_1,
    Cl1_2,
    Cl2_0,
    Cl3_0,
    /// C++ for OpenCL 2021 (`-cl-std=clc++2021`), compatible with OpenCL C 3.0.
    CxxForOpenCl2021,
}

impl Lang {
    pub const ALL: [Lang; 5] = [
        Lang::Cl1_1,
        Lang::Cl1_2,
        Lang::Cl2_0,
        Lang::Cl3_0,
        Lang::CxxForOpenCl2021,
    ];

    /// The value of `-cl-std=` for this version.
    pub const fn cl_std(self) -> &'static str {
        match self {
            Lang::Cl1_1 => "CL1.1",
            Lang::Cl1_2 => "CL1.2",
            Lang::Cl2_0 => "CL2.0",
            Lang::Cl3_0 => "CL3.0",
            Lang::CxxForOpenCl2021 => "CLC++2021",
        }
    }

    pub const fn is_cxx(self) -> bool {
        matches!(self, Lang::CxxForOpenCl2021)
    }

    /// `major * 100 + minor * 10`, as in `__OPENCL_C_VERSION__` (C++ for OpenCL reports the
    /// OpenCL C version it is compatible with).
    pub const fn c_version(self) -> u32 {
        match self {
            Lang::Cl1_1 => 110,
            Lang::Cl1_2 => 120,
            Lang::Cl2_0 => 200,
            Lang::Cl3_0 | Lang::CxxForOpenCl2021 => 300,
        }
    }
}

/// An OpenCL C 3.0 optional feature that changes the address-space rules. In OpenCL C 2.0 and
/// C++ for OpenCL 2021 both are part of the language (see [`Profile::has`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// `__opencl_c_generic_address_space`: the unnamed generic space, `__generic`,
    /// `to_global`/`to_local`/`to_private`, `get_fence`.
    GenericAddressSpace,
    /// `__opencl_c_program_scope_global_variables`: program-scope and `static` variables in
    /// `__global`.
    ProgramScopeGlobals,
}

impl Feature {
    pub const ALL: [Feature; 2] = [Feature::GenericAddressSpace, Feature::ProgramScopeGlobals];

    /// The feature macro and `CL_DEVICE_OPENCL_C_FEATURES` name.
    pub const fn macro_name(self) -> &'static str {
        match self {
            Feature::GenericAddressSpace => "__opencl_c_generic_address_space",
            Feature::ProgramScopeGlobals => "__opencl_c_program_scope_global_variables",
        }
    }

    /// The suffix in a profile's short name (`CL3.0+generic`).
    pub const fn short(self) -> &'static str {
        match self {
            Feature::GenericAddressSpace => "generic",
            Feature::ProgramScopeGlobals => "globals",
        }
    }

    const fn bit(self) -> u8 {
        match self {
            Feature::GenericAddressSpace => 1,
            Feature::ProgramScopeGlobals => 2,
        }
    }
}

/// A language version with the optional features it is tested with. Only the profiles in
/// [`Profile::ALL`] exist: a feature set only means something for OpenCL C 3.0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Profile {
    lang: Lang,
    /// Bit set of [`Feature::bit`]; always empty outside OpenCL C 3.0.
    features: u8,
}

impl Profile {
    pub const CL1_1: Profile = Profile::new(Lang::Cl1_1, 0);
    pub const CL1_2: Profile = Profile::new(Lang::Cl1_2, 0);
    pub const CL2_0: Profile = Profile::new(Lang::Cl2_0, 0);
    pub const CL3_0: Profile = Profile::new(Lang::Cl3_0, 0);
    pub const CL3_0_GENERIC: Profile = Profile::new(Lang::Cl3_0, 1);
    pub const CL3_0_GLOBALS: Profile = Profile::new(Lang::Cl3_0, 2);
    pub const CL3_0_GENERIC_GLOBALS: Profile = Profile::new(Lang::Cl3_0, 3);
    pub const CXX2021: Profile = Profile::new(Lang::CxxForOpenCl2021, 0);

    /// Every profile clasp knows, in the order reports list them.
    pub const ALL: [Profile; 8] = [
        Profile::CL1_1,
        Profile::CL1_2,
        Profile::CL2_0,
        Profile::CL3_0,
        Profile::CL3_0_GENERIC,
        Profile::CL3_0_GLOBALS,
        Profile::CL3_0_GENERIC_GLOBALS,
        Profile::CXX2021,
    ];

    const fn new(lang: Lang, features: u8) -> Profile {
        Profile { lang, features }
    }

    pub const fn lang(self) -> Lang {
        self.lang
    }

    /// Whether the profile has the feature. OpenCL C 2.0 has both as core language; C++ for
    /// OpenCL 2021 is tested with both, as clang enables them for its default SPIR target.
    pub const fn has(self, feature: Feature) -> bool {
        match self.lang {
            Lang::Cl2_0 | Lang::CxxForOpenCl2021 => true,
            Lang::Cl3_0 => self.features & feature.bit() != 0,
            Lang::Cl1_1 | Lang::Cl1_2 => false,
        }
    }

    /// The features this profile has, for messages and predefined macros.
    pub fn features(self) -> impl Iterator<Item = Feature> {
        Feature::ALL.into_iter().filter(move |f| self.has(*f))
    }

    /// The short name: `CL1.2`, `CL3.0+generic+globals`, `CLC++2021`.
    pub fn name(self) -> String {
        let mut name = self.lang.cl_std().to_string();
        if self.lang == Lang::Cl3_0 {
            for feature in self.features() {
                name.push('+');
                name.push_str(feature.short());
            }
        }
        name
    }

    /// The options a driver or clang is given for this profile's language version.
    pub fn cl_std_option(self) -> String {
        format!("-cl-std={}", self.lang.cl_std())
    }

    /// Options that make clang-16 model this profile exactly. The driver-level `-cl-ext=` is
    /// silently ignored, so the feature set goes through `-Xclang`. Pipes and device-side
    /// enqueue depend on the two address-space features, so they go with them.
    pub fn clang_options(self) -> Vec<String> {
        let mut options = vec![self.cl_std_option()];
        if self.lang == Lang::Cl3_0 {
            let mut off = Vec::new();
            if !self.has(Feature::GenericAddressSpace) {
                off.extend(["__opencl_c_generic_address_space", "__opencl_c_pipes"]);
            }
            if !self.has(Feature::ProgramScopeGlobals) {
                off.push("__opencl_c_program_scope_global_variables");
            }
            if !off.is_empty() {
                off.push("__opencl_c_device_enqueue");
                let list: Vec<String> = off.iter().map(|f| format!("-{f}")).collect();
                options.extend(["-Xclang".to_string(), format!("-cl-ext={}", list.join(","))]);
            }
        }
        options
    }

    /// The macros a clang-based compiler predefines for this profile, as `(name, value)` in
    /// definition order: the version macros, the feature macros of the profile, then the rows
    /// of [`PREDEFINED`] that apply. `identity` adds clang's own (`__clang__`, ...).
    pub fn predefined_macros(self, identity: bool) -> Vec<(&'static str, String)> {
        let version = self.lang.c_version();
        // Drivers define `__OPENCL_VERSION__`; clang defines `__OPENCL_C_VERSION__` in every
        // OpenCL C version (1.1 included). C++ for OpenCL has `__OPENCL_CPP_VERSION__` instead of
        // both, as clang-16 defines it.
        let mut macros: Vec<(&'static str, String)> = Vec::new();
        if !self.lang.is_cxx() {
            macros.push(("__OPENCL_VERSION__", version.to_string()));
            macros.push(("__OPENCL_C_VERSION__", version.to_string()));
        }
        if version >= 200 {
            // OpenCL C 2.0 defines the 3.0 feature macros too, for code written against 3.0.
            for feature in self.features() {
                macros.push((feature.macro_name(), "1".into()));
            }
        }
        macros.extend(
            PREDEFINED
                .iter()
                .filter(|(_, _, when)| when.holds(self, identity))
                .map(|(name, value, _)| (*name, value.to_string())),
        );
        macros
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl fmt::Debug for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A profile name that is not one of [`Profile::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown profile `{given}`: valid profiles are {}", valid_profiles())]
pub struct UnknownProfile {
    pub given: String,
}

fn valid_profiles() -> String {
    let names: Vec<String> = Profile::ALL.iter().map(|p| p.name()).collect();
    names.join(", ")
}

impl FromStr for Profile {
    type Err = UnknownProfile;

    /// Parses a short name. Feature suffixes may come in either order.
    fn from_str(s: &str) -> Result<Profile, UnknownProfile> {
        let unknown = || UnknownProfile {
            given: s.to_string(),
        };
        // The language is a prefix (`CLC++2021` itself contains `+`), then `+feature`s.
        let lang = Lang::ALL
            .into_iter()
            .filter(|l| {
                s.len() >= l.cl_std().len()
                    && s[..l.cl_std().len()].eq_ignore_ascii_case(l.cl_std())
            })
            .max_by_key(|l| l.cl_std().len())
            .ok_or_else(unknown)?;
        let rest = &s[lang.cl_std().len()..];
        let mut features = 0u8;
        if rest.is_empty() {
            return Ok(Profile::new(lang, 0));
        }
        let Some(rest) = rest.strip_prefix('+') else {
            return Err(unknown());
        };
        for part in rest.split('+') {
            let feature = Feature::ALL
                .into_iter()
                .find(|f| f.short() == part)
                .ok_or_else(unknown)?;
            if lang != Lang::Cl3_0 || features & feature.bit() != 0 {
                return Err(unknown());
            }
            features |= feature.bit();
        }
        Ok(Profile::new(lang, features))
    }
}

impl Serialize for Profile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for Profile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Profile, D::Error> {
        let name = String::deserialize(d)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let names: Vec<String> = Profile::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(
            names,
            [
                "CL1.1",
                "CL1.2",
                "CL2.0",
                "CL3.0",
                "CL3.0+generic",
                "CL3.0+globals",
                "CL3.0+generic+globals",
                "CLC++2021"
            ]
        );
        for p in Profile::ALL {
            assert_eq!(p.name().parse::<Profile>(), Ok(p));
        }
        assert_eq!(
            "CL3.0+globals+generic".parse(),
            Ok(Profile::CL3_0_GENERIC_GLOBALS)
        );
    }

    #[test]
    fn unknown_profiles_name_the_valid_ones() {
        for bad in [
            "CL2.1",
            "CL2.0+generic",
            "CL3.0+generic+generic",
            "CL3.0+fp64",
            "",
        ] {
            let err = bad.parse::<Profile>().unwrap_err();
            assert!(err.to_string().contains("CL3.0+generic+globals"), "{err}");
            assert_eq!(err.given, bad);
        }
    }

    #[test]
    fn features_follow_the_language() {
        assert!(!Profile::CL1_2.has(Feature::GenericAddressSpace));
        assert!(Profile::CL2_0.has(Feature::GenericAddressSpace));
        assert!(Profile::CL2_0.has(Feature::ProgramScopeGlobals));
        assert!(!Profile::CL3_0.has(Feature::ProgramScopeGlobals));
        assert!(Profile::CL3_0_GLOBALS.has(Feature::ProgramScopeGlobals));
        assert!(!Profile::CL3_0_GLOBALS.has(Feature::GenericAddressSpace));
    }

    #[test]
    fn clang_gets_the_feature_set_through_xclang() {
        assert_eq!(
            Profile::CL3_0_GENERIC_GLOBALS.clang_options(),
            ["-cl-std=CL3.0"]
        );
        let opts = Profile::CL3_0_GENERIC.clang_options();
        assert_eq!(opts[1], "-Xclang");
        assert!(opts[2].contains("-__opencl_c_program_scope_global_variables"));
        assert!(!opts[2].contains("generic_address_space"));
    }
}
