// SPDX-License-Identifier: EPL-2.0
package org.looptrace.timeline.ui.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.draw2d.FigureCanvas;
import org.eclipse.draw2d.FreeformViewport;
import org.eclipse.draw2d.ScalableFreeformLayeredPane;
import org.eclipse.draw2d.geometry.Point;
import org.eclipse.draw2d.geometry.Rectangle;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.part.ViewPart;
import org.looptrace.lang.ModelTextException;
import org.looptrace.lang.internal.ide.EditorServices.TextRange;
import org.looptrace.model.Model;
import org.looptrace.model.core.Progress;
import org.looptrace.model.core.TracesComment;
import org.looptrace.scanner.profile.ProfileKey;
import org.looptrace.timeline.Drawing;
import org.looptrace.timeline.LayoutOptions;
import org.looptrace.timeline.TimeColours;
import org.looptrace.trace.otf2.TraceSource;
import org.looptrace.ui.ModelViews;
import org.looptrace.ui.ModelViews.ModelFile;
import org.looptrace.ui.MonitorProgress;
import org.looptrace.ui.internal.views.ModelViewSupport;

/**
 * The Timeline view: the headless layout of {@link org.looptrace.timeline.TimelineLayout} drawn with
 * draw2d, for the model of the active model editor or of a {@code .loops} file chosen in the
 * Project Explorer. It zooms (tool bar, Ctrl+wheel), pans (scroll bars, dragging), filters ranks and
 * collapses loops below a depth as {@code looptrace render --ranks --collapse} do, and links the
 * selection both ways with the editor: a click selects the construct under the pointer in the
 * editor, the construct at the editor's caret is highlighted. Its export writes the picture shown
 * through the headless SVG and PNG renderers, in a job ({@link TimelineExport}). Only the figures of
 * what is in view, and a margin around it, are made, a slice at a time, the workbench handling its
 * events in between; more as the view scrolls or zooms.
 */
public class TimelineView extends ViewPart {

	/** The view's id in plugin.xml (and in the LoopTrace perspective). */
	public static final String ID = "org.looptrace.timeline.ui.timelineView";

	/** The family of the view's jobs, for tests to wait on. */
	static final Object JOB_FAMILY = ID;

	/**
	 * Below this zoom the picture is drawn from its layout, not from a figure per element: a mark is a
	 * pixel, and draw2d's scaled graphics lose the lines of the messages.
	 */
	static final double FIGURES_MIN_ZOOM = 0.25;
	/** A press and release closer than this many pixels is a click, farther a drag. */
	private static final int CLICK_SLOP = 3;
	/** How long a view's size stays put before the model is laid out again to its width: not at every step of a drag. */
	private static final int RESIZE_PAUSE_MILLIS = 150;
	/**
	 * The width of the overview beside the picture, in pixels: beside, not below, since the Timeline
	 * usually sits in a wide and low part of the window, where height is what the picture lacks.
	 */
	private static final int OVERVIEW_WIDTH = 180;
	/**
	 * How many elements have their figures added at a time, the first slice at once and each next one
	 * after the events that came meanwhile: zoomed out, a view of thousands of ranks shows tens of
	 * thousands of elements, which would keep the workbench from answering while their figures are
	 * made (a slice takes some 20 ms).
	 */
	private static final int FIGURES_SLICE = 1_500;

	private @Nullable Label status;
	private @Nullable OptionFields fields;
	/** What is wrong with the option fields, null when both are valid: shown above the rest of the status. */
	private @Nullable String fieldProblem;
	/** The status besides the fields' problem: the summary of the drawing, or why there is none. */
	private String statusRest = "";
	private @Nullable FigureCanvas canvas;
	/** The whole picture in small with the part in view framed, shown while the picture is larger than the view. */
	private @Nullable TimelineOverview overview;
	/** Whether a slice of figures is to be added after the events that came meanwhile. */
	private boolean buildPending;
	/** Whether the view's size changed and the model is to be laid out again to its width once the resize pauses. */
	private boolean resizePending;
	/**
	 * Whether Fit is to fit again once the pending relayout is shown, and wholly or not as it first
	 * did: fitted before, the picture laid out again to another width would be off.
	 */
	private boolean fitPending;
	private boolean fitWhole;
	private final ScalableFreeformLayeredPane pane = new ScalableFreeformLayeredPane();
	private final TimelineFigures.ColorCache colors = new TimelineFigures.ColorCache();
	private @Nullable Font font;
	private final ModelViewSupport support = new ModelViewSupport(this, JOB_FAMILY, () -> canvas, this::follow);

	private final Action zoomIn = action(Messages.TimelineView_zoomIn, icon("icons/zoomin.png"), () -> zoom(scale() * Zooms.STEP));
	private final Action zoomOut = action(Messages.TimelineView_zoomOut, icon("icons/zoomout.png"), () -> zoom(scale() / Zooms.STEP));
	private final Action fit = action(Messages.TimelineView_fit, icon("icons/fit.png"), this::fit);
	private final Action export = action(Messages.TimelineView_export,
			PlatformUI.getWorkbench().getSharedImages().getImageDescriptor(ISharedImages.IMG_ETOOL_SAVEAS_EDIT), this::exportWithDialog);
	private final Action colourByTime = new Action(Messages.TimelineView_colourByTime, IAction.AS_CHECK_BOX) {
		@Override
		public void run() {
			recolour();
		}
	};
	private @Nullable TimeLegend legend;
	/** The time of the loops last read, and what from: read again only when the text or a data trace changed. */
	private @Nullable ProfileKey timesKey;
	private TimelineTimes times = TimelineTimes.NONE;

	private @Nullable ModelFile file;
	/** Loops the user closed with a double click, by construct path; for the file shown only. */
	private final Set<String> closedLoops = new HashSet<>();
	/** The model, text and options last asked for, laid out or being laid out: what the fields apply to. */
	private @Nullable ModelFile requestedFile;
	private @Nullable String requestedText;
	private @Nullable LayoutOptions requestedOptions;
	/**
	 * The editor's caret whose construct the layout being computed, or the figures being added, are to
	 * highlight, -1 for none: kept when a resize lays the model out again meanwhile, so that the
	 * highlight follows the latest caret whatever the order in which the caret and the resize came.
	 */
	private int requestedCaret = -1;
	private @Nullable TimelineData data;
	private @Nullable TimelineFigures figures;
	private @Nullable Point pressed;
	private @Nullable Point pressedView;
	private boolean dragged;

	@Override
	public void createPartControl(@Nullable Composite parent) {
		if (parent == null) {
			return;
		}
		Composite body = new Composite(parent, SWT.NONE);
		GridLayoutFactory.fillDefaults().numColumns(2).spacing(0, 0).applyTo(body);
		Composite options = new Composite(body, SWT.NONE);
		GridLayoutFactory.fillDefaults().numColumns(6).margins(6, 4).applyTo(options);
		GridDataFactory.fillDefaults().grab(true, false).span(2, 1).applyTo(options);
		Label label = new Label(options, SWT.WRAP);
		label.setText(Messages.TimelineView_empty);
		GridDataFactory.fillDefaults().grab(true, false).hint(200, SWT.DEFAULT).align(SWT.FILL, SWT.CENTER).applyTo(label);
		status = label;
		fields = new OptionFields(options, this::relayout);
		legend = new TimeLegend(options, colors);

		FigureCanvas figureCanvas = new FigureCanvas(body, SWT.DOUBLE_BUFFERED);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(figureCanvas);
		figureCanvas.setViewport(new FreeformViewport());
		figureCanvas.setContents(pane);
		figureCanvas.getViewport().setContentsTracksHeight(false);
		figureCanvas.getViewport().setContentsTracksWidth(false);
		FontData[] system = figureCanvas.getFont().getFontData();
		Font small = new Font(figureCanvas.getDisplay(), system[0].getName(), 8, SWT.NORMAL);
		font = small;
		pane.setFont(small);
		figureCanvas.addListener(SWT.MouseDown, this::pressed);
		figureCanvas.addListener(SWT.MouseMove, this::moved);
		figureCanvas.addListener(SWT.MouseUp, this::released);
		figureCanvas.addListener(SWT.MouseDoubleClick, this::toggleLoop);
		figureCanvas.addListener(SWT.MouseVerticalWheel, this::wheel);
		// the picture takes the view's width: laid out again once a resize (maximize, a dragged sash) pauses
		Runnable resized = () -> {
			resizePending = false;
			if (!figureCanvas.isDisposed()) {
				relayout();
				updateOverview();
				if (fitPending && !support.busy()) {
					refit(); // not laid out again after all: the picture is fitted to the view's new size
				}
			}
		};
		figureCanvas.addListener(SWT.Resize, event -> {
			resizePending = true;
			figureCanvas.getDisplay().timerExec(-1, resized);
			figureCanvas.getDisplay().timerExec(RESIZE_PAUSE_MILLIS, resized);
		});
		canvas = figureCanvas;
		new FigureToolTip(figureCanvas, this::figures);
		// scrolled, the figures of what comes into view are made
		figureCanvas.getViewport().getHorizontalRangeModel().addPropertyChangeListener(event -> buildInView());
		figureCanvas.getViewport().getVerticalRangeModel().addPropertyChangeListener(event -> buildInView());
		overview = new TimelineOverview(body, figureCanvas, colors, OVERVIEW_WIDTH);

		IToolBarManager toolBar = getViewSite().getActionBars().getToolBarManager();
		toolBar.add(zoomIn);
		toolBar.add(zoomOut);
		toolBar.add(fit);
		toolBar.add(new Separator());
		toolBar.add(colourByTime);
		toolBar.add(export);
		colourByTime.setToolTipText(Messages.TimelineView_colourByTimeTooltip);
		colourByTime.setImageDescriptor(icon("icons/time.png"));
		enableActions();

		support.follow(false);
	}

	private static @Nullable ImageDescriptor icon(String path) {
		return ResourceLocator.imageDescriptorFromBundle(TimelineView.class, path).orElse(null);
	}

	private static Action action(String text, @Nullable ImageDescriptor image, Runnable run) {
		Action action = new Action(text) {
			@Override
			public void run() {
				run.run();
			}
		};
		action.setToolTipText(text);
		action.setImageDescriptor(image);
		return action;
	}

	@Override
	public void setFocus() {
		FigureCanvas figureCanvas = canvas;
		if (figureCanvas != null) {
			figureCanvas.setFocus();
		}
	}

	@Override
	public void dispose() {
		support.dispose();
		colors.dispose();
		Font small = font;
		if (small != null) {
			small.dispose();
		}
		super.dispose();
	}

	/** Follows a model editor: its model laid out again when the text changed, the construct at the caret highlighted. */
	void follow(@Nullable IWorkbenchPart part, @Nullable ISelection selection) {
		ModelViews.EditorModel editor = ModelViews.editorModel(part, selection);
		if (editor == null) {
			return;
		}
		TimelineData shown = data;
		if (support.busy() && requestedOptions != null && Objects.equals(editor.model(), requestedFile) && editor.text().equals(requestedText)) {
			requestedCaret = editor.caret(); // the layout under way highlights it: no need to start it again
		} else if (Objects.equals(editor.model(), file) && shown != null && shown.text().equals(editor.text()) && !support.busy()) {
			highlightAt(editor.caret());
		} else {
			show(editor.model(), editor.text(), editor.caret());
		}
	}

	/** Shows the timeline of a whole model file, as saved. */
	public void show(IFile model) {
		try {
			ModelFile shown = ModelFile.of(model);
			show(shown, shown.read(), -1);
		} catch (CoreException | IOException e) {
			failed(NLS.bind(Messages.TimelineView_failed, model.getFullPath(), e.getMessage()));
		}
	}

	/** Lays out the model shown again, with the options of the fields and the view's width, unless they are those shown. */
	private void relayout() {
		ModelFile model = requestedFile;
		String text = requestedText;
		TimelineData shown = data;
		if (model == null || text == null) {
			return;
		}
		LayoutOptions options = options();
		if (Objects.equals(options, requestedOptions)
				&& (support.busy() || shown != null && Objects.equals(model, file) && shown.text().equals(text) && shown.options().equals(options))) {
			return; // being laid out so, or shown so
		}
		show(model, text, requestedCaret);
	}

	/**
	 * The options of the fields, the last valid value of a field that is not valid (marked, and its
	 * problem shown in the status): a model opened meanwhile is drawn all the same.
	 */
	private LayoutOptions options() {
		OptionFields read = Objects.requireNonNull(fields);
		fieldProblem = read.read();
		status(statusRest);
		FigureCanvas figureCanvas = canvas;
		int width = LayoutOptions.DEFAULTS.width();
		if (figureCanvas != null && figureCanvas.getClientArea().width > LayoutOptions.MIN_WIDTH) {
			width = figureCanvas.getClientArea().width;
		}
		return new LayoutOptions(read.ranks(), read.collapse(), width, closedLoops);
	}

	/** Lays out model text in a job, then highlights the construct at the latest caret requested ({@code caret} unless another comes). */
	private void show(ModelFile model, String text, int caret) {
		if (!Objects.equals(model, requestedFile)) {
			closedLoops.clear();
		}
		requestedFile = model;
		requestedText = text;
		requestedCaret = caret;
		LayoutOptions options = options();
		requestedOptions = options;
		String jobName = NLS.bind(Messages.TimelineJob_name, model.name());
		support.compute(jobName, (monitor, ui) -> {
			ui.accept(() -> status(NLS.bind(Messages.TimelineView_computing, model.label())));
			try {
				MonitorProgress progress = new MonitorProgress(monitor, jobName);
				TimelineData computed = TimelineData.compute(text, model.name(), options,
						parsed -> times(parsed, text, model.location(), progress));
				if (monitor != null && monitor.isCanceled()) {
					return Status.CANCEL_STATUS;
				}
				ui.accept(() -> shown(model, computed));
			} catch (ModelTextException e) {
				ui.accept(() -> failed(NLS.bind(Messages.TimelineView_invalidModel, model.label(),
						ModelViews.firstLines(e.getMessage(), ModelViewSupport.MESSAGE_LINES))));
			} catch (IllegalArgumentException e) {
				ui.accept(() -> failed(NLS.bind(Messages.TimelineView_failed, model.label(), e.getMessage())));
			}
			return Status.OK_STATUS;
		});
	}

	/**
	 * The time of the loops of a model from the data traces of its traces, an archive converted first
	 * ({@link ModelViews#traces}), read again only when the text or a data trace changed since the last read.
	 */
	private synchronized TimelineTimes times(Model parsed, String text, Path modelFile, Progress progress) {
		TraceSource traces;
		try {
			traces = ModelViews.traces(modelFile, text, progress);
		} catch (IOException e) {
			timesKey = null;
			return TimelineTimes.unreadable(TracesComment.traceFolder(modelFile, text), e);
		}
		ProfileKey key = ProfileKey.of(text, traces.folder());
		if (!Objects.equals(key, timesKey)) {
			times = TimelineTimes.read(parsed, traces, progress);
			timesKey = key;
		}
		return times;
	}

	private void shown(ModelFile model, TimelineData computed) {
		TimelineFigures before = figures;
		String lit = before == null || !Objects.equals(model, file) ? null : before.highlightedPath();
		int caret = requestedCaret;
		requestedCaret = -1;
		support.done();
		file = model;
		data = computed;
		TimelineFigures drawn = draw(computed);
		String summary = computed.drawing().isEmpty() ? Drawing.nothingToDraw(model.label())
				: NLS.bind(Messages.TimelineView_summary, new Object[] { model.label(), computed.drawing().boxes().size(),
						computed.drawing().arrows().size(), computed.drawing().collectives().size(), computed.drawing().rankLines().size(),
						computed.drawing().ticks() });
		String problem = computed.times().problem();
		status(problem == null ? summary : summary + "\n" + NLS.bind(Messages.TimelineView_noTime, problem));
		enableActions();
		if (fitPending) {
			refit(); // before the overview is updated: the zoom that fitted the picture before would show it
		}
		updateOverview();
		if (caret >= 0) {
			highlightAt(caret);
		} else {
			drawn.highlight(lit); // laid out again with other options: the same construct stays highlighted
		}
	}

	/**
	 * Draws the figures of a layout, loops coloured by time when asked and possible, and shows the
	 * legend of the colours. The figures are added a slice at a time ({@link #build}).
	 */
	private TimelineFigures draw(TimelineData computed) {
		TimeColours fills = fills(computed);
		TimelineFigures drawn = new TimelineFigures(computed.bands(), computed.texts(), colors, Objects.requireNonNull(font), fills,
				computed.times().tooltips());
		figures = drawn;
		pane.removeAll();
		pane.add(drawn.layer());
		showLegend(fills);
		TimelineOverview summary = overview;
		if (summary != null) {
			summary.show(computed.drawing(), fills);
		}
		buildPending = false;
		build(drawn);
		return drawn;
	}

	/** Makes the figures of what came into view (a scroll, a zoom), a slice now and the rest after the events meanwhile. */
	private void buildInView() {
		TimelineFigures drawn = figures;
		if (drawn != null && !buildPending) {
			build(drawn);
		}
	}

	/**
	 * Adds a slice of the figures of the region in view, then the next one after the events that
	 * came meanwhile, until all are added: then the construct at the latest caret is highlighted.
	 * Stops when other figures replaced these (a newer layout, colours) or the view is gone.
	 */
	private void build(TimelineFigures drawn) {
		FigureCanvas figureCanvas = canvas;
		buildPending = false;
		if (drawn != figures || figureCanvas == null || figureCanvas.isDisposed()) {
			return;
		}
		drawn.summarize(scale() < FIGURES_MIN_ZOOM);
		if (!drawn.summarized() && !drawn.build(inView(figureCanvas), FIGURES_SLICE)) {
			buildPending = true;
			figureCanvas.getDisplay().asyncExec(() -> build(drawn));
		} else if (requestedCaret >= 0 && !support.busy()) {
			int caret = requestedCaret;
			requestedCaret = -1;
			highlightAt(caret);
		}
	}

	/**
	 * The region of the picture in view, in the layout's pixels, with a view's size more on every
	 * side: a scroll or a zoom out of a step shows figures already made.
	 */
	private Rectangle inView(FigureCanvas figureCanvas) {
		double scale = scale();
		Point location = figureCanvas.getViewport().getViewLocation();
		org.eclipse.swt.graphics.Rectangle area = figureCanvas.getClientArea();
		int width = (int) Math.ceil(Math.max(area.width, 1) / scale);
		int height = (int) Math.ceil(Math.max(area.height, 1) / scale);
		int x = (int) Math.floor(location.x / scale);
		int y = (int) Math.floor(location.y / scale);
		return new Rectangle(x - width, y - height, 3 * width, 3 * height);
	}

	/** Whether the figures of the region in view of the layout shown are all added (for the tests). */
	boolean drawn() {
		TimelineFigures drawn = figures;
		return drawn != null && drawn.complete();
	}

	/** The fills of the loop boxes: their colours by time when the tool bar asks for them, else their gray. */
	private TimeColours fills(TimelineData computed) {
		return colourByTime.isChecked() ? computed.colours() : TimeColours.NONE;
	}

	/** Draws the layout shown again, loops coloured by time or not as the tool bar says; the same construct stays highlighted. */
	private void recolour() {
		TimelineData shown = data;
		TimelineFigures before = figures;
		if (shown != null) {
			draw(shown).highlight(before == null ? null : before.highlightedPath());
		}
	}

	private void showLegend(TimeColours fills) {
		TimeLegend scale = legend;
		if (scale != null) {
			scale.show(fills);
		}
	}

	private void failed(String message) {
		requestedCaret = -1;
		support.done();
		data = null;
		figures = null;
		pane.removeAll();
		TimelineOverview summary = overview;
		if (summary != null) {
			summary.show(null, TimeColours.NONE);
		}
		showLegend(TimeColours.NONE);
		status(message);
		enableActions();
		updateOverview();
	}

	private void enableActions() {
		boolean drawn = data != null;
		zoomIn.setEnabled(drawn);
		zoomOut.setEnabled(drawn);
		fit.setEnabled(drawn);
		export.setEnabled(drawn);
		TimelineData shown = data;
		colourByTime.setEnabled(shown != null && !shown.times().totals().isEmpty());
	}

	/** Shows a status below the fields' problem, if any. */
	private void status(String text) {
		statusRest = text;
		String problem = fieldProblem;
		ModelViewSupport.status(status, problem == null ? text : text.isEmpty() ? problem : problem + "\n" + text, true);
	}

	/**
	 * Highlights the construct whose text holds an offset of the model, and shows it; once every
	 * figure is added, when they are being added.
	 */
	private void highlightAt(int offset) {
		TimelineData shown = data;
		TimelineFigures drawn = figures;
		if (shown == null || drawn == null) {
			return;
		}
		if (!drawn.complete()) {
			requestedCaret = offset; // the construct there may have no figure yet
			return;
		}
		String path = shown.constructAt(offset);
		drawn.highlight(path);
		// where the layout draws it: its figures may not be made yet, being out of view
		Drawing.Bounds where = path == null ? null : shown.drawing().bounds(path);
		FigureCanvas figureCanvas = canvas;
		if (where != null && figureCanvas != null) {
			double scale = scale();
			Point location = figureCanvas.getViewport().getViewLocation();
			int x = (int) Math.round(where.x() * scale) - location.x;
			int y = (int) Math.round(where.y() * scale) - location.y;
			org.eclipse.swt.graphics.Rectangle area = figureCanvas.getClientArea();
			if (!new Rectangle(area.x, area.y, area.width, area.height).contains(x, y)) {
				figureCanvas.scrollTo(location.x + x - 20, location.y + y - 20);
			}
		}
	}

	/** Selects a construct of the model shown in its editor (opening it if needed), and highlights it. */
	void reveal(String path) {
		ModelFile model = file;
		TimelineData shown = data;
		TimelineFigures drawn = figures;
		if (model == null || shown == null || drawn == null) {
			return;
		}
		drawn.highlight(path);
		TextRange range = shown.ranges().get(path);
		if (range == null) {
			return;
		}
		try {
			ModelViews.reveal(getSite().getPage(), model, range.offset(), range.length(), false);
		} catch (PartInitException e) {
			status(NLS.bind(Messages.TimelineView_failed, model.label(), e.getMessage()));
		}
	}

	private void pressed(Event event) {
		FigureCanvas figureCanvas = Objects.requireNonNull(canvas);
		if (event.button != 1) {
			return;
		}
		pressed = new Point(event.x, event.y);
		pressedView = figureCanvas.getViewport().getViewLocation().getCopy();
		dragged = false;
	}

	private void moved(Event event) {
		Point from = pressed;
		Point view = pressedView;
		FigureCanvas figureCanvas = Objects.requireNonNull(canvas);
		if (from == null || view == null || (event.stateMask & SWT.BUTTON1) == 0) {
			return;
		}
		if (dragged || Math.abs(event.x - from.x) > CLICK_SLOP || Math.abs(event.y - from.y) > CLICK_SLOP) {
			dragged = true;
			figureCanvas.scrollTo(view.x - (event.x - from.x), view.y - (event.y - from.y));
		}
	}

	private void released(Event event) {
		Point from = pressed;
		pressed = null;
		if (from == null || dragged || event.button != 1) {
			return;
		}
		String path = hit(event.x, event.y, false);
		if (path != null) {
			reveal(path);
		}
	}

	/**
	 * A double click on a loop closes it, or opens again a loop closed so (loops closed by the
	 * collapse depth stay closed).
	 */
	private void toggleLoop(Event event) {
		String loop = hit(event.x, event.y, true);
		if (loop == null) {
			return;
		}
		if (!closedLoops.remove(loop)) {
			closedLoops.add(loop);
		}
		relayout();
	}

	/** The innermost loop, or else construct, under a point of the canvas, found by the layout's own hit test. */
	private @Nullable String hit(int x, int y, boolean loop) {
		TimelineData shown = data;
		TimelineFigures drawn = figures;
		if (shown == null || drawn == null) {
			return null;
		}
		org.eclipse.draw2d.geometry.PrecisionPoint point = new org.eclipse.draw2d.geometry.PrecisionPoint(x, y);
		drawn.layer().translateToRelative(point);
		return loop ? shown.drawing().loopAt(point.preciseX, point.preciseY) : shown.drawing().constructAt(point.preciseX, point.preciseY);
	}

	private void wheel(Event event) {
		FigureCanvas figureCanvas = Objects.requireNonNull(canvas);
		if ((event.stateMask & SWT.MOD1) == 0 || data == null) {
			return;
		}
		// the point under the pointer stays where it is
		Point view = figureCanvas.getViewport().getViewLocation().getCopy();
		double before = scale();
		zoom(event.count > 0 ? before * Zooms.STEP : before / Zooms.STEP);
		double factor = scale() / before;
		figureCanvas.getLightweightSystem().getUpdateManager().performValidation();
		figureCanvas.scrollTo((int) Math.round((view.x + event.x) * factor - event.x), (int) Math.round((view.y + event.y) * factor - event.y));
		event.doit = false;
	}

	/** The zoom: 1 draws the layout's pixels as they are. */
	double scale() {
		return pane.getScale();
	}

	/** Sets the zoom, within bounds ({@link Zooms#bounded}); zoomed out, the figures of what comes into view are made. */
	void zoom(double scale) {
		fitPending = false;
		TimelineData shown = data;
		FigureCanvas figureCanvas = canvas;
		pane.setScale(shown == null || figureCanvas == null ? scale : Zooms.bounded(scale, shown.drawing(), figureCanvas.getClientArea()));
		updateOverview();
		buildInView();
	}

	/** Shows the overview while the picture is larger than the view, hides it otherwise. */
	private void updateOverview() {
		FigureCanvas figureCanvas = canvas;
		TimelineOverview summary = overview;
		if (figureCanvas != null && !figureCanvas.isDisposed() && summary != null) {
			summary.update();
		}
	}

	/** Whether the overview is shown (for the tests). */
	boolean overviewShown() {
		TimelineOverview summary = overview;
		return summary != null && summary.shown();
	}

	/** The overview. */
	@Nullable
	TimelineOverview overview() {
		return overview;
	}

	/**
	 * Zooms so that the picture fits the view: wholly, or its width when it is tall ({@link Zooms#fit});
	 * again once a relayout pending (a resize, a layout under way, or the one this fit starts) is shown.
	 */
	void fit() {
		TimelineData shown = data;
		FigureCanvas figureCanvas = canvas;
		TimelineOverview summary = overview;
		if (shown == null || figureCanvas == null) {
			return;
		}
		Drawing drawing = shown.drawing();
		boolean whole = Zooms.fit(drawing, figureCanvas.getClientArea(), false) == Zooms.fit(drawing, figureCanvas.getClientArea(), true);
		if (summary != null && whole) {
			summary.setShown(false); // wholly fitted, the picture needs none: its room goes to the picture
		}
		zoom(Zooms.fit(drawing, figureCanvas.getClientArea(), false));
		fitWhole = whole;
		fitPending = resizePending || support.busy();
	}

	/** Fits the picture laid out again as Fit fitted the one before, the overview left as it is: no other relayout follows. */
	private void refit() {
		TimelineData shown = data;
		FigureCanvas figureCanvas = canvas;
		if (shown != null && figureCanvas != null) {
			zoom(Zooms.fit(shown.drawing(), figureCanvas.getClientArea(), fitWhole));
		}
	}

	private void exportWithDialog() {
		ModelFile model = file;
		Path target = data == null || model == null ? null : TimelineExport.askTarget(getSite().getShell(), model);
		if (target != null) {
			export(target);
		}
	}

	/**
	 * Starts writing the picture shown into a file, in a job ({@link TimelineExport}): PNG when the
	 * name ends in {@code .png}, SVG otherwise.
	 *
	 * @return the job, or null when nothing is shown
	 */
	@Nullable
	Job export(Path target) {
		TimelineData shown = data;
		if (shown == null) {
			return null;
		}
		Job job = new TimelineExport(shown.drawing(), fills(shown), target);
		ModelViews.schedule(getSite(), job);
		return job;
	}

	/** The layout shown, or null while there is none. */
	@Nullable
	TimelineData data() {
		return data;
	}

	/** The figures shown, or null while there are none. */
	@Nullable
	TimelineFigures figures() {
		return figures;
	}

	/** Whether the rank filter field is marked as not valid (for the tests). */
	boolean ranksMarked() {
		return Objects.requireNonNull(fields).ranksMarked();
	}

	/** The text of the view's status line. */
	String statusText() {
		return ModelViewSupport.statusText(status);
	}

	/** The canvas. */
	@Nullable
	FigureCanvas canvas() {
		return canvas;
	}

	/** Colours the loops by time or not, as the tool bar's check box does. */
	void colourByTime(boolean on) {
		colourByTime.setChecked(on);
		colourByTime.run();
	}

	/** Whether the tool bar's Colour by Time can be checked: the loops have times. */
	boolean canColourByTime() {
		return colourByTime.isEnabled();
	}

	/** Whether the legend of the colours by time is shown (for the tests). */
	boolean legendShown() {
		TimeLegend scale = legend;
		return scale != null && scale.shown();
	}

	/** Sets the rank filter and collapse depth fields (empty: none) and lays out again. */
	void setOptions(String ranks, String collapse) {
		Objects.requireNonNull(fields).set(ranks, collapse);
		relayout();
	}
}
