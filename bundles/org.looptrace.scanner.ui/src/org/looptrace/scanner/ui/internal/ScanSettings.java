// SPDX-License-Identifier: EPL-2.0
package org.looptrace.scanner.ui.internal;

import java.io.IOException;
import java.nio.file.Path;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IWorkspaceRoot;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.looptrace.model.core.TracesComment;
import org.looptrace.scanner.ui.ScannerUi;
import org.looptrace.ui.ModelViews.ModelFile;

/**
 * The attributes of a LoopTrace Scanner configuration resolved against the workspace and the file
 * system, and their validation: the Main tab shows its messages, the launch refuses what it rejects.
 *
 * @param model         the model file, in the workspace or not
 * @param traces        the trace folder, or the folder holding an OTF2 archive, on the file system (it
 *                      need not be in the workspace)
 * @param mode          {@link ScannerUi#MODE_SCAN} or a language to generate
 * @param output        the CSV to write (scan mode), on the file system
 * @param scannerFolder the folder to generate into (generate modes), on the file system
 */
record ScanSettings(ModelFile model, Path traces, String mode, Path output, Path scannerFolder) {

	/**
	 * The attributes as the tab edits them: workspace paths, empty for the defaults; the model's file
	 * system path instead of its workspace path for a model outside the workspace.
	 */
	record Attributes(String model, String modelLocation, String traces, String mode, String output, String scannerFolder) {

		static Attributes of(ILaunchConfiguration configuration) throws CoreException {
			return new Attributes(configuration.getAttribute(ScannerUi.ATTR_MODEL, ""), configuration.getAttribute(ScannerUi.ATTR_MODEL_LOCATION, ""),
					configuration.getAttribute(ScannerUi.ATTR_TRACES, ""), configuration.getAttribute(ScannerUi.ATTR_MODE, ScannerUi.MODE_SCAN),
					configuration.getAttribute(ScannerUi.ATTR_OUTPUT, ""), configuration.getAttribute(ScannerUi.ATTR_SCANNER_FOLDER, ""));
		}
	}

	/** Thrown with the message the tab shows. */
	static final class Invalid extends Exception {
		private static final long serialVersionUID = 1L;

		Invalid(String message) {
			super(message);
		}
	}

	/** The settings of a configuration, or a CoreException with the reason the launch cannot run. */
	static ScanSettings of(ILaunchConfiguration configuration) throws CoreException {
		try {
			return resolve(Attributes.of(configuration));
		} catch (Invalid e) {
			throw new CoreException(Status.error(NLS.bind(Messages.ScanSettings_cannotLaunch, configuration.getName(), e.getMessage())));
		}
	}

	/** Resolves and checks the attributes. */
	static ScanSettings resolve(Attributes attributes) throws Invalid {
		IWorkspaceRoot root = ResourcesPlugin.getWorkspace().getRoot();
		ModelFile model = model(attributes);
		Path traces;
		if (attributes.traces().isBlank()) {
			traces = defaultTraces(model);
		} else {
			IResource folder = root.findMember(attributes.traces());
			if (!(folder instanceof IContainer container) || container.getLocation() == null) {
				throw new Invalid(NLS.bind(Messages.ScanSettings_tracesMissing, attributes.traces()));
			}
			traces = container.getLocation().toPath();
		}
		if (!traces.toFile().isDirectory()) {
			throw new Invalid(NLS.bind(Messages.ScanSettings_tracesMissing, traces));
		}
		String mode = attributes.mode();
		Path output = model.location().resolveSibling(defaultOutputName(model));
		Path scannerFolder = model.location().resolveSibling(defaultScannerFolderName(model));
		switch (mode) {
		case ScannerUi.MODE_SCAN -> {
			if (!attributes.output().isBlank()) {
				IFile file = file(root, attributes.output());
				if (file == null || !file.getParent().exists()) {
					throw new Invalid(NLS.bind(Messages.ScanSettings_outputFolderMissing, attributes.output()));
				}
				output = location(file);
			}
		}
		case ScannerUi.MODE_GENERATE_C, ScannerUi.MODE_GENERATE_JAVA -> {
			if (!attributes.scannerFolder().isBlank()) {
				IPath path = IPath.fromPortableString(attributes.scannerFolder());
				if (path.segmentCount() < 2 || !root.getProject(path.segment(0)).isOpen()) {
					throw new Invalid(NLS.bind(Messages.ScanSettings_scannerFolderInvalid, attributes.scannerFolder()));
				}
				scannerFolder = location(root.getFolder(path));
			}
		}
		default -> throw new Invalid(NLS.bind(Messages.ScanSettings_unknownMode, mode));
		}
		return new ScanSettings(model, traces, mode, output, scannerFolder);
	}

	/** The model the attributes name: a workspace file, else a file of the file system. */
	static ModelFile model(Attributes attributes) throws Invalid {
		if (!attributes.model().isBlank()) {
			IFile model = file(ResourcesPlugin.getWorkspace().getRoot(), attributes.model());
			if (model == null || !model.exists()) {
				throw new Invalid(NLS.bind(Messages.ScanSettings_modelMissing, attributes.model()));
			}
			return new ModelFile(location(model), model);
		}
		if (attributes.modelLocation().isBlank()) {
			throw new Invalid(Messages.ScanSettings_noModel);
		}
		ModelFile outside = ModelFile.atLocation(attributes.modelLocation());
		if (outside == null) {
			throw new Invalid(NLS.bind(Messages.ScanSettings_modelMissing, attributes.modelLocation()));
		}
		return outside;
	}

	/** The folder the model's {@code // traces:} line names, else the model's own folder. */
	static Path defaultTraces(ModelFile model) throws Invalid {
		return TracesComment.traceFolder(model.location(), text(model));
	}

	/** {@code run.loops} → {@code run.csv}. */
	static String defaultOutputName(ModelFile model) {
		return model.stem() + ".csv";
	}

	/** {@code run.loops} → {@code run-scanner} (C and Java scanners have different file names: they can share it). */
	static String defaultScannerFolderName(ModelFile model) {
		return model.stem() + "-scanner";
	}

	/** The text of a model as saved, in its charset. */
	static String text(ModelFile model) throws Invalid {
		try {
			return model.read();
		} catch (CoreException | IOException e) {
			throw new Invalid(NLS.bind(Messages.ScanSettings_unreadable, model.label(), e.getMessage()));
		}
	}

	private static @Nullable IFile file(IWorkspaceRoot root, String path) {
		IPath full = IPath.fromPortableString(path);
		return full.segmentCount() < 2 ? null : root.getFile(full);
	}

	/** Where a workspace resource is in the file system. */
	private static Path location(IResource resource) throws Invalid {
		IPath location = resource.getLocation();
		if (location == null) {
			throw new Invalid(NLS.bind(Messages.ScanSettings_notLocal, resource.getFullPath()));
		}
		return location.toPath();
	}

	/** A status of this bundle. */
	static IStatus error(String message, @Nullable Throwable cause) {
		return new Status(IStatus.ERROR, ScannerUi.BUNDLE_ID, message, cause);
	}
}
